import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FINISHED_JOB_STATUSES, JOB_STATUS_LABELS, type Job } from '@portal/contracts';
import { formatBytes, formatCount, formatDuration } from '@portal/ui';

/** One line that says how far a job is, for the progress bar's accessible name and the live region. */
export function describeProgress(job: Job): string {
  const p = job.progress;
  const items = p.itemsTotal !== null ? `${formatCount(p.itemsDone)} of ${formatCount(p.itemsTotal)} items` : `${formatCount(p.itemsDone)} items`;
  const percent = p.percent !== null ? `${Math.round(p.percent)}%, ` : '';
  return `${JOB_STATUS_LABELS[job.status]}: ${percent}${items}`;
}

/** Progress bar with rate and ETA; a finished job shows a full bar. */
export function JobProgress({ job, compact }: { job: Job; compact?: boolean }) {
  const finished = FINISHED_JOB_STATUSES.includes(job.status);
  const p = job.progress;
  const value = finished ? 100 : p.percent;
  return (
    <Box sx={{ minWidth: 160 }}>
      <LinearProgress
        variant={value === null ? 'indeterminate' : 'determinate'}
        value={value ?? undefined}
        color={job.status === 'failed' ? 'error' : job.status === 'warning' ? 'warning' : 'primary'}
        aria-label={`Progress of ${job.title}`}
        aria-valuetext={describeProgress(job)}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 0.5 }} flexWrap="wrap">
        <Typography variant="caption" color="text.secondary">
          {p.percent !== null ? `${Math.round(finished ? 100 : p.percent)}%` : `${formatCount(p.itemsDone)} items`}
        </Typography>
        {!compact || !finished ? (
          <Typography variant="caption" color="text.secondary">
            {p.itemsPerSecond.toFixed(1)} items/s · {formatBytes(p.bytesPerSecond)}/s
          </Typography>
        ) : null}
        {!finished ? (
          <Typography variant="caption" color="text.secondary">
            ETA {formatDuration(p.etaSeconds)}
          </Typography>
        ) : null}
      </Stack>
    </Box>
  );
}
