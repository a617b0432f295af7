import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Job } from '@portal/contracts';
import { formatDateTime } from '@portal/ui';
import { useId } from 'react';
import { JobProgress } from '../../../components/job-progress';
import { useJobLog } from '../hooks/use-job-log';

const LEVEL_COLOR = { info: 'text.secondary', warn: 'warning.main', error: 'error.main' } as const;

export function JobLogDialog({ job, onClose }: { job: Job; onClose: () => void }) {
  const titleId = useId();
  const log = useJobLog(job.id, job.status);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Log of {job.title}</DialogTitle>
      <DialogContent>
        <JobProgress job={job} />
        {job.failureReason ? (
          <Alert severity="error" sx={{ my: 1 }}>
            {job.failureReason}
          </Alert>
        ) : null}
        {log.error ? <Alert severity="error">The log could not be loaded: {log.error}</Alert> : null}
        {log.loading ? <Skeleton height={120} aria-label="Loading log" /> : null}
        {!log.loading && log.lines.length === 0 && !log.error ? <Typography color="text.secondary">The log is empty.</Typography> : null}
        <Box component="ol" aria-label="Log lines" aria-live="polite" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, fontFamily: 'monospace', fontSize: 13, maxHeight: 400, overflow: 'auto' }}>
          {log.lines.map((line) => (
            <Box component="li" key={line.seq} sx={{ color: LEVEL_COLOR[line.level], py: 0.25 }}>
              {formatDateTime(line.at)} [{line.level}] {line.message}
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
