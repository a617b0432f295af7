import type { BackupSet } from '@portal/contracts';
import { getBackupSet } from '@portal/contracts/calls';
import { useLoad } from './use-load';

/** The set a page is about (its name for the breadcrumb, its scope for add/remove); none while no id is chosen. */
export function useBackupSet(setId: string) {
  return useLoad<BackupSet, string>(getBackupSet, setId, { enabled: Boolean(setId) });
}
