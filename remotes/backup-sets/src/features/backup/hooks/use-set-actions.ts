import type { BackupSet } from '@portal/contracts';
import { BACKUP_MESSAGES } from '@portal/contracts';
import { deleteBackupSet, pauseBackupSet, resumeBackupSet, runBackupSet } from '@portal/contracts/calls';
import { openSnackbar } from '@portal/ui';
import { useCallback } from 'react';
import { unwrap } from '../../../lib/api-result';
import { errorText } from '../../../lib/format';

/** Run now, pause, resume and delete a set; each reports in the snackbar and then refreshes the list. */
export function useSetActions(refresh: () => void) {
  const act = useCallback(
    async (action: () => Promise<unknown>, success: string) => {
      try {
        await action();
        openSnackbar({ message: success, variant: 'alert', alert: { color: 'success', variant: 'filled' }, autoHideDuration: 4000 });
      } catch (error) {
        openSnackbar({ message: errorText(error), variant: 'alert', alert: { color: 'error', variant: 'filled' }, autoHideDuration: 6000 });
      } finally {
        refresh();
      }
    },
    [refresh],
  );
  return {
    run: (set: BackupSet) => act(() => unwrap(runBackupSet(set.id)), `Backup of ${set.name} queued.`),
    pause: (set: BackupSet) => act(() => unwrap(pauseBackupSet(set.id)), BACKUP_MESSAGES.setPaused),
    resume: (set: BackupSet) => act(() => unwrap(resumeBackupSet(set.id)), BACKUP_MESSAGES.setResumed),
    remove: (set: BackupSet) => act(() => unwrap(deleteBackupSet(set.id)), BACKUP_MESSAGES.setDeleted),
  };
}
