import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { listEngineWorkers } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { useCallQuery } from '@portal/data';
import { formatDateTime } from '@portal/ui';
import { ListTable, QueryState } from '@portal/ui/kit';
import { StatusChip } from '../../../components/status-chip';
import { formatAge } from '../../../lib/format-age';
import { visiblePoll } from '../../../lib/visible-poll';
import { OPERATOR_REFRESH_MS } from './operator-format';

/** Engine processes that take jobs: alive while their heartbeat is recent, stale after that. */
export function WorkersSection() {
  const workers = useCallQuery(adminEndpoints.listEngineWorkers, listEngineWorkers, [], visiblePoll(OPERATOR_REFRESH_MS));

  return (
    <Box component="section" aria-labelledby="operator-workers">
      <Typography id="operator-workers" variant="h6" component="h2" gutterBottom>
        Workers
      </Typography>
      <QueryState query={workers} noun="workers" isEmpty={(data) => data.workers.length === 0} empty="No worker has reported yet: no job will run until one starts.">
        {(data) => (
          <ListTable
            outlined
            caption={`Engine worker processes; a worker not seen for ${data.aliveAfterSeconds} seconds is stale`}
            columns={['State', 'Host', 'PID', 'Queue', 'Last seen', 'Running jobs']}
          >
            {data.workers.map((worker) => (
              <TableRow key={worker.id}>
                <TableCell>
                  <StatusChip status={worker.alive ? 'ok' : 'down'} text={worker.alive ? 'Alive' : 'Stale'} />
                </TableCell>
                <TableCell component="th" scope="row">
                  {worker.host}
                </TableCell>
                <TableCell>{worker.pid}</TableCell>
                <TableCell>{worker.queueKind}</TableCell>
                <TableCell title={formatDateTime(worker.lastSeenAt)}>{formatAge(worker.lastSeenSeconds)} ago</TableCell>
                <TableCell>
                  {worker.runningJobs}
                  {worker.jobIds.length ? (
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1, wordBreak: 'break-all' }}>
                      ({worker.jobIds.join(', ')})
                    </Typography>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        )}
      </QueryState>
    </Box>
  );
}
