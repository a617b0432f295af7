import { Card, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { RemoteHealth } from '@portal/contracts';
import { formatDateTime } from '@portal/ui';
import { StatusChip } from '../../../components/status-chip';

/** Each remote's current version and how browsers fared with it over the last 24 hours. */
export function RemoteHealthTable({ remotes }: { remotes: RemoteHealth[] }) {
  return (
    <TableContainer component={Card} variant="outlined">
      <Table size="small">
        <caption style={{ captionSide: 'top' }}>Remotes: current version, and loads and failures reported by browsers in the last 24 hours</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Remote</TableCell>
            <TableCell scope="col">Version</TableCell>
            <TableCell scope="col">Published</TableCell>
            <TableCell scope="col" align="right">
              Loads (24 h)
            </TableCell>
            <TableCell scope="col" align="right">
              Failures (24 h)
            </TableCell>
            <TableCell scope="col">Status</TableCell>
            <TableCell scope="col">Last failure</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {remotes.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7}>
                <Typography variant="body2" color="text.secondary">
                  No remote is published.
                </Typography>
              </TableCell>
            </TableRow>
          ) : (
            remotes.map((remote) => (
              <TableRow key={remote.name}>
                <TableCell component="th" scope="row">
                  {remote.name}
                </TableCell>
                <TableCell>{remote.version}</TableCell>
                <TableCell>{formatDateTime(remote.publishedAt)}</TableCell>
                <TableCell align="right">{remote.loads24h ?? '—'}</TableCell>
                <TableCell align="right">{remote.failures24h ?? '—'}</TableCell>
                <TableCell>{remote.status ? <StatusChip status={remote.status} /> : '—'}</TableCell>
                <TableCell sx={{ maxWidth: 360, wordBreak: 'break-word' }}>
                  {remote.lastFailure ? `${formatDateTime(remote.lastFailure.at)}: ${remote.lastFailure.message}` : 'None'}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
