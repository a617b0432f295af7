import { Box, Card, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { EngineWorkerList } from '@portal/contracts';
import { listEngineWorkers } from '@portal/contracts/calls';
import { useCallback, useEffect, useState } from 'react';
import { ListState } from '../../../components/list-state';
import { StatusChip } from '../../../components/status-chip';
import { errorOf } from '../../../lib/api-result';
import { useVisibleInterval } from '../../../lib/use-visible-interval';
import { formatSeconds, OPERATOR_REFRESH_MS } from './operator-format';

/** Engine processes that take jobs: alive while their heartbeat is recent, stale after that. */
export function WorkersSection() {
  const [data, setData] = useState<EngineWorkerList | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const result = await listEngineWorkers();
      const message = errorOf(result);
      if (message) setError(message);
      else {
        setData(result as EngineWorkerList);
        setError(null);
      }
    } catch {
      setError('The workers could not be loaded.');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);
  useVisibleInterval(() => void load(), OPERATOR_REFRESH_MS);

  return (
    <Box component="section" aria-labelledby="operator-workers">
      <Typography id="operator-workers" variant="h6" component="h2" gutterBottom>
        Workers
      </Typography>
      <ListState
        error={data ? null : error}
        onRetry={() => void load()}
        loaded={data !== null}
        empty={data?.workers.length === 0}
        loadingText="Loading workers…"
        emptyText="No worker has reported yet: no job will run until one starts."
      >
        {error ? (
          <Typography variant="body2" color="error" role="alert" sx={{ mb: 1 }}>
            {error}
          </Typography>
        ) : null}
        <TableContainer component={Card} variant="outlined">
          <Table size="small">
            <caption style={{ captionSide: 'top' }}>
              Engine worker processes; a worker not seen for {data?.aliveAfterSeconds ?? 60} seconds is stale
            </caption>
            <TableHead>
              <TableRow>
                <TableCell scope="col">State</TableCell>
                <TableCell scope="col">Host</TableCell>
                <TableCell scope="col">PID</TableCell>
                <TableCell scope="col">Queue</TableCell>
                <TableCell scope="col">Last seen</TableCell>
                <TableCell scope="col">Running jobs</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.workers.map((worker) => (
                <TableRow key={worker.id}>
                  <TableCell>
                    <StatusChip status={worker.alive ? 'ok' : 'down'} text={worker.alive ? 'Alive' : 'Stale'} />
                  </TableCell>
                  <TableCell component="th" scope="row">
                    {worker.host}
                  </TableCell>
                  <TableCell>{worker.pid}</TableCell>
                  <TableCell>{worker.queueKind}</TableCell>
                  <TableCell title={new Date(worker.lastSeenAt).toLocaleString()}>{formatSeconds(worker.lastSeenSeconds)} ago</TableCell>
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
            </TableBody>
          </Table>
        </TableContainer>
      </ListState>
    </Box>
  );
}
