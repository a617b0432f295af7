import { paths } from '@portal/config';
import type { BackupSet } from '@portal/contracts';

/** Where a set's protected objects are listed: users for mailbox/drive sets, sites or teams otherwise. */
export function objectsPath(set: Pick<BackupSet, 'type' | 'id'>, from = 'backup'): string {
  const params = { backupSetType: set.type, backupSetId: set.id, from };
  if (set.type === 'sharepoint') return paths.sharepoint.build(params);
  if (set.type === 'teams') return paths.teams.build(params);
  return paths.viewUsers.build(params);
}
