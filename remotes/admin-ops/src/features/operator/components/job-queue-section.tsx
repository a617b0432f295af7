import {
  Box,
  Button,
  Card,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import type { OperatorJob, OperatorJobPage } from '@portal/contracts';
import { cancelOperatorJob, listOperatorJobs } from '@portal/contracts/calls';
import { showAlert } from '@portal/ui';
import { useCallback, useEffect, useState } from 'react';
import { ListState } from '../../../components/list-state';
import { errorOf } from '../../../lib/api-result';
import { useVisibleInterval } from '../../../lib/use-visible-interval';
import { CancelJobDialog } from './cancel-job-dialog';
import { formatSeconds, OPERATOR_REFRESH_MS } from './operator-format';

const PAGE_SIZES = [10, 20, 50];
const STATUS_LABEL: Record<string, string> = { queued: 'Queued', running: 'Running' };

function Progress({ job }: { job: OperatorJob }) {
  if (job.percent === null) return <Typography variant="body2">{job.status === 'queued' ? '—' : 'Starting…'}</Typography>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 120 }}>
      <LinearProgress variant="determinate" value={job.percent} sx={{ flex: 1 }} aria-label={`Progress of ${job.title}`} />
      <Typography variant="body2">{job.percent}%</Typography>
    </Box>
  );
}

/** Queued and running jobs of every organisation, refreshed while visible; cancel asks first. */
export function JobQueueSection() {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [data, setData] = useState<OperatorJobPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState<OperatorJob | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const result = await listOperatorJobs({ page: page + 1, pageSize });
      const message = errorOf(result);
      // A failed refresh keeps the last list instead of blanking the table.
      if (message) setError(message);
      else {
        setData(result as OperatorJobPage);
        setError(null);
      }
    } catch {
      setError('The job queue could not be loaded.');
    }
  }, [page, pageSize]);

  useEffect(() => {
    void load();
  }, [load]);
  useVisibleInterval(() => void load(), OPERATOR_REFRESH_MS);
  // Jobs finish while an operator pages: an emptied last page steps back to one with rows.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && page > 0) setPage(Math.max(0, Math.ceil(data.total / pageSize) - 1));
  }, [data, page, pageSize]);

  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      const result = await cancelOperatorJob(target.id);
      const message = errorOf(result);
      showAlert(message ? { message, type: 'error' } : { message: `Cancellation of “${target.title}” requested`, type: 'success' });
    } catch {
      showAlert({ message: 'The job could not be cancelled.', type: 'error' });
    } finally {
      setBusy(false);
      setTarget(null);
      await load();
    }
  };

  return (
    <Box component="section" aria-labelledby="operator-jobs">
      <Typography id="operator-jobs" variant="h6" component="h2" gutterBottom>
        Job queue
      </Typography>
      <ListState
        error={data ? null : error}
        onRetry={() => void load()}
        loaded={data !== null}
        empty={data?.total === 0}
        loadingText="Loading the job queue…"
        emptyText="No job is queued or running."
      >
        {error ? (
          <Typography variant="body2" color="error" role="alert" sx={{ mb: 1 }}>
            {error}
          </Typography>
        ) : null}
        <TableContainer component={Card} variant="outlined">
          <Table size="small">
            <caption style={{ captionSide: 'top' }}>Queued and running jobs across organisations, running first, then the oldest queued</caption>
            <TableHead>
              <TableRow>
                <TableCell scope="col">Organisation</TableCell>
                <TableCell scope="col">Type</TableCell>
                <TableCell scope="col">Title</TableCell>
                <TableCell scope="col">State</TableCell>
                <TableCell scope="col">Progress</TableCell>
                <TableCell scope="col">Age</TableCell>
                <TableCell scope="col" align="right">
                  Actions
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.items.map((job) => (
                <TableRow key={job.id}>
                  <TableCell>{job.organisationName}</TableCell>
                  <TableCell sx={{ textTransform: 'capitalize' }}>{job.type}</TableCell>
                  <TableCell component="th" scope="row">
                    {job.title}
                  </TableCell>
                  <TableCell>{job.cancelRequested ? 'Cancelling' : (STATUS_LABEL[job.status] ?? job.status)}</TableCell>
                  <TableCell>
                    <Progress job={job} />
                  </TableCell>
                  <TableCell>{formatSeconds(job.ageSeconds)}</TableCell>
                  <TableCell align="right">
                    <Button size="small" variant="outlined" color="inherit" disabled={job.cancelRequested} onClick={() => setTarget(job)} aria-label={`Cancel ${job.title}`}>
                      Cancel
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={data?.total ?? 0}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
          />
        </TableContainer>
      </ListState>
      <CancelJobDialog job={target} busy={busy} onClose={() => setTarget(null)} onConfirm={() => void confirm()} />
    </Box>
  );
}
