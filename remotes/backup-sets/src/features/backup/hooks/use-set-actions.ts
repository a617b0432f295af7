import type { BackupSet } from '@portal/contracts';
import { BACKUP_MESSAGES } from '@portal/contracts';
import { deleteBackupSet, pauseBackupSet, resumeBackupSet, runBackupSet } from '@portal/contracts/calls';
import { useListAction } from '../../../lib/use-list-action';

/** Run now, pause, resume and delete a set; each reports in the snackbar and then refreshes the list. */
export function useSetActions(refresh: () => void) {
  const act = useListAction(refresh);
  return {
    run: (set: BackupSet) => act(() => runBackupSet(set.id), `Backup of ${set.name} queued.`),
    pause: (set: BackupSet) => act(() => pauseBackupSet(set.id), BACKUP_MESSAGES.setPaused),
    resume: (set: BackupSet) => act(() => resumeBackupSet(set.id), BACKUP_MESSAGES.setResumed),
    remove: (set: BackupSet) => act(() => deleteBackupSet(set.id), BACKUP_MESSAGES.setDeleted),
  };
}
