import { BACKUP_MESSAGES, type Job } from '@portal/contracts';
import { cancelJob, getJobDownloadLink, retryJob } from '@portal/contracts/calls';
import { errorMessageOf, useCallMutation } from '@portal/data';
import { notify } from '../../../lib/notify';
import { useListAction } from '../../../lib/use-list-action';

export function useJobActions(refresh: () => void) {
  const act = useListAction(refresh);
  const download = useCallMutation((job: Job) => getJobDownloadLink(job.id), {
    onSuccess: (link) => window.location.assign(link.url),
    onError: (error) => notify(errorMessageOf(error), 'error'),
  });
  return {
    cancel: (job: Job) => act(() => cancelJob(job.id), BACKUP_MESSAGES.jobCancelRequested),
    retry: (job: Job) => act(() => retryJob(job.id), `${job.title}: retry queued.`),
    download: (job: Job) => download.mutate(job),
  };
}
