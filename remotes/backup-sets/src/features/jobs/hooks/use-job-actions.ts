import { BACKUP_MESSAGES, type Job } from '@portal/contracts';
import { cancelJob, getJobDownloadLink, retryJob } from '@portal/contracts/calls';
import { openSnackbar } from '@portal/ui';
import { unwrap } from '../../../lib/api-result';
import { errorText } from '../../../lib/format';

const tell = (message: string, color: 'success' | 'error') => openSnackbar({ message, variant: 'alert', alert: { color, variant: 'filled' }, autoHideDuration: color === 'error' ? 6000 : 4000 });

export function useJobActions(refresh: () => void) {
  const act = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      tell(success, 'success');
    } catch (error) {
      tell(errorText(error), 'error');
    }
    refresh();
  };
  return {
    cancel: (job: Job) => act(() => unwrap(cancelJob(job.id)), BACKUP_MESSAGES.jobCancelRequested),
    retry: (job: Job) => act(() => unwrap(retryJob(job.id)), `${job.title}: retry queued.`),
    download: async (job: Job) => {
      try {
        window.location.assign((await unwrap(getJobDownloadLink(job.id))).url);
      } catch (error) {
        tell(errorText(error), 'error');
      }
    },
  };
}
