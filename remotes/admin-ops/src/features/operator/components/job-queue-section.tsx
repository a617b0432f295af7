import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OperatorJob } from '@portal/contracts';
import { cancelOperatorJob, listOperatorJobs } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { keepPreviousData, useCallMutation, useCallQuery } from '@portal/data';
import { ListPagination, ListTable, QueryState } from '@portal/ui/kit';
import { useEffect, useState } from 'react';
import { alertError, alertSuccess } from '../../../lib/alerts';
import { formatAge } from '../../../lib/format-age';
import { usePaging } from '../../../lib/use-paging';
import { visiblePoll } from '../../../lib/visible-poll';
import { CancelJobDialog } from './cancel-job-dialog';
import { OPERATOR_REFRESH_MS } from './operator-format';

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
  const { page, pageSize, setPage, onChange: onPage } = usePaging(20);
  const [target, setTarget] = useState<OperatorJob | null>(null);
  // A failed refresh keeps the last list on screen (QueryState shows the error above it).
  const jobs = useCallQuery(adminEndpoints.listOperatorJobs, listOperatorJobs, [{ page, pageSize }], {
    ...visiblePoll(OPERATOR_REFRESH_MS),
    placeholderData: keepPreviousData,
  });
  const data = jobs.data;
  // Jobs finish while an operator pages: an emptied last page steps back to one with rows.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && page > 1) setPage(Math.max(1, Math.ceil(data.total / pageSize)));
  }, [data, page, pageSize, setPage]);

  const cancel = useCallMutation((job: OperatorJob) => cancelOperatorJob(job.id), {
    onSuccess: (_result, job) => alertSuccess(`Cancellation of “${job.title}” requested`),
    onError: alertError,
    onSettled: () => {
      setTarget(null);
      return jobs.refetch();
    },
  });

  return (
    <Box component="section" aria-labelledby="operator-jobs">
      <Typography id="operator-jobs" variant="h6" component="h2" gutterBottom>
        Job queue
      </Typography>
      <QueryState query={jobs} noun="job queue" isEmpty={(list) => list.total === 0} empty="No job is queued or running.">
        {(list) => (
          <ListTable
            outlined
            caption="Queued and running jobs across organisations, running first, then the oldest queued"
            columns={['Organisation', 'Type', 'Title', 'State', 'Progress', 'Age', { label: 'Actions', align: 'right' }]}
            footer={<ListPagination total={list.total} page={page} pageSize={pageSize} onChange={onPage} />}
          >
            {list.items.map((job) => (
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
                <TableCell>{formatAge(job.ageSeconds)}</TableCell>
                <TableCell align="right">
                  <Button size="small" variant="outlined" color="inherit" disabled={job.cancelRequested} onClick={() => setTarget(job)} aria-label={`Cancel ${job.title}`}>
                    Cancel
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        )}
      </QueryState>
      <CancelJobDialog job={target} busy={cancel.isPending} onClose={() => setTarget(null)} onConfirm={() => target && cancel.mutate(target)} />
    </Box>
  );
}
