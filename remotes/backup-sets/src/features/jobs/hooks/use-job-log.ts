import { FINISHED_JOB_STATUSES, type JobLog, type JobStatus } from '@portal/contracts';
import { getJobLog } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { endpointKeyPrefix, errorMessageOf, unwrap, useCallQuery, usePortalQueryClient } from '@portal/data';

/**
 * The job's log, fetched in full once and then only new lines (`after` = last seq) while it runs.
 * Whether it runs is part of the cache key: when the job ends, the log is read once more in full, so
 * its last lines are not missed. Following a running job is a poll (off the global loading bar) that
 * goes on after a failed read.
 */
export function useJobLog(jobId: string, status: JobStatus, pollMs = 2000) {
  const client = usePortalQueryClient();
  const running = !FINISHED_JOB_STATUSES.includes(status);
  const following = async (id: string, live: boolean): Promise<JobLog> => {
    const shown = client.getQueryData<JobLog>([...endpointKeyPrefix(backupEndpoints.getJobLog), id, live])?.items ?? [];
    const more = unwrap(await getJobLog(id, shown.at(-1)?.seq ?? 0));
    return { items: [...shown, ...more.items] };
  };
  const log = useCallQuery(backupEndpoints.getJobLog, following, [jobId, running], {
    quietRefetch: true,
    refetchInterval: running ? pollMs : false,
    refetchIntervalInBackground: true,
  });
  return { lines: log.data?.items ?? [], error: log.error ? errorMessageOf(log.error) : null, loading: log.isPending };
}
