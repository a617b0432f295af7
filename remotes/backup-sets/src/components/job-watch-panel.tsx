import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '@portal/config';
import { FINISHED_JOB_STATUSES, type Job } from '@portal/contracts';
import { getJob, getJobDownloadLink } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { errorMessageOf, useCallQuery } from '@portal/data';
import { Link as RouterLink } from 'react-router-dom';
import { pollWhile } from '../lib/poll';
import { describeProgress, JobProgress } from './job-progress';
import { JobStatusChip } from './job-status-chip';

const finished = (job: Job) => FINISHED_JOB_STATUSES.includes(job.status);

/** Live progress of one job (polled until it finishes); a finished download job offers its ZIP. */
export function JobWatchPanel({ jobId, pollMs = 1500 }: { jobId: string; pollMs?: number }) {
  const job = useCallQuery(backupEndpoints.getJob, getJob, [jobId], pollWhile((j: Job) => !finished(j), pollMs));
  const ready = job.data?.downloadReady === true;
  const link = useCallQuery(backupEndpoints.getJobDownloadLink, getJobDownloadLink, [jobId], { enabled: ready });
  if (job.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void job.refetch()}>Retry</Button>}>
        The job could not be loaded: {errorMessageOf(job.error)}
      </Alert>
    );
  if (job.data === undefined) return <Typography role="status">Starting the job…</Typography>;
  const j = job.data;
  return (
    <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="job-watch">
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="subtitle1" component="h3">
          {j.title}
        </Typography>
        <JobStatusChip status={j.status} />
      </Stack>
      <JobProgress job={j} />
      <Typography variant="body2" aria-live="polite" sx={{ mt: 1 }}>
        {describeProgress(j)}
        {j.verifiedCount !== null && finished(j) ? ` · ${j.verifiedCount} verified` : ''}
      </Typography>
      {j.failureReason ? (
        <Alert severity={j.status === 'failed' ? 'error' : 'warning'} sx={{ mt: 1 }}>
          {j.failureReason}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ mt: 1 }} alignItems="center">
        {ready && link.data ? (
          <Button variant="contained" component="a" href={link.data.url} download>
            Download ZIP
          </Button>
        ) : null}
        <Link component={RouterLink} to={`${paths.jobs}?job=${j.id}`}>
          Open in Jobs
        </Link>
      </Stack>
    </Box>
  );
}
