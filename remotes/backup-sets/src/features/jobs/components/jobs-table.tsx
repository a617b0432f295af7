import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FINISHED_JOB_STATUSES, type Job } from '@portal/contracts';
import { formatDateTime } from '@portal/ui';
import { ChangeAction, ListTable } from '@portal/ui/kit';
import { JobProgress } from '../../../components/job-progress';
import { JobStatusChip } from '../../../components/job-status-chip';

interface JobsTableProps {
  jobs: Job[];
  onLog: (job: Job) => void;
  onCancel: (job: Job) => void;
  onRetry: (job: Job) => void;
  onDownload: (job: Job) => void;
}

const RETRYABLE = ['failed', 'cancelled', 'warning'];

export function JobsTable({ jobs, onLog, onCancel, onRetry, onDownload }: JobsTableProps) {
  return (
    <ListTable
      label="Jobs"
      columns={['Job', 'Type', 'Status', { label: 'Progress', sx: { minWidth: 220 } }, 'Started', 'Finished', { label: 'Actions', align: 'right' }]}
    >
      {jobs.map((job) => {
        const finished = FINISHED_JOB_STATUSES.includes(job.status);
        return (
          <TableRow key={job.id} hover data-job-id={job.id}>
            <TableCell>
              {job.title}
              <Typography variant="caption" display="block" color="text.secondary">
                {job.setName ?? ''}
                {job.retryOf ? ' · retry' : ''}
                {job.failedObjects ? ` · ${job.failedObjects} failed objects` : ''}
              </Typography>
            </TableCell>
            <TableCell>{job.type === 'backup' ? 'Backup' : 'Restore'}</TableCell>
            <TableCell>
              <JobStatusChip status={job.status} />
              {job.cancelRequested && !finished ? (
                <Typography variant="caption" display="block">
                  Cancelling…
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>
              <JobProgress job={job} compact />
            </TableCell>
            <TableCell>{formatDateTime(job.startedAt)}</TableCell>
            <TableCell>{formatDateTime(job.finishedAt)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Button size="small" onClick={() => onLog(job)} aria-label={`Log of ${job.title}`}>
                Log
              </Button>
              {!finished ? (
                <ChangeAction>
                  <Button size="small" color="warning" onClick={() => onCancel(job)} disabled={job.cancelRequested} aria-label={`Cancel ${job.title}`}>
                    Cancel
                  </Button>
                </ChangeAction>
              ) : null}
              {RETRYABLE.includes(job.status) ? (
                <ChangeAction>
                  <Button size="small" onClick={() => onRetry(job)} aria-label={`Retry ${job.title}`}>
                    Retry
                  </Button>
                </ChangeAction>
              ) : null}
              {job.downloadReady ? (
                <Button size="small" onClick={() => onDownload(job)} aria-label={`Download ZIP of ${job.title}`}>
                  Download
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        );
      })}
    </ListTable>
  );
}
