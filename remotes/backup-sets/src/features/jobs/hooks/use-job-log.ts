import { FINISHED_JOB_STATUSES, type JobLogEntry, type JobStatus } from '@portal/contracts';
import { getJobLog } from '@portal/contracts/calls';
import { inBackground } from '@portal/request';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-result';
import { errorText } from '../../../lib/format';

/** The job's log, fetched in full once and then only new lines (`after` = last seq) while it runs. */
export function useJobLog(jobId: string, status: JobStatus, pollMs = 2000) {
  const [lines, setLines] = useState<JobLogEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const running = !FINISHED_JOB_STATUSES.includes(status);
  useEffect(() => {
    let active = true;
    let after = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setLines([]);
    setLoading(true);
    const fetchMore = async (): Promise<void> => {
      try {
        const result = await getJobLog(jobId, after);
        if (!active) return;
        if (isApiError(result)) setError(result.errorMessage);
        else {
          setError(null);
          if (result.items.length) {
            after = result.items[result.items.length - 1].seq;
            setLines((l) => [...l, ...result.items]);
          }
        }
      } catch (e) {
        if (active) setError(errorText(e));
      }
      if (!active) return;
      setLoading(false);
      // Following a running job is a poll: off the global loading bar.
      if (running) timer = setTimeout(() => inBackground(fetchMore), pollMs);
    };
    void fetchMore();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [jobId, running, pollMs]);
  return { lines, error, loading };
}
