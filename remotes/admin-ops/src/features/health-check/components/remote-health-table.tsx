import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { RemoteHealth } from '@portal/contracts';
import { formatDateTime } from '@portal/ui';
import { ListTable } from '@portal/ui/kit';
import { StatusChip } from '../../../components/status-chip';

/** Each remote's current version and how browsers fared with it over the last 24 hours. */
export function RemoteHealthTable({ remotes }: { remotes: RemoteHealth[] }) {
  return (
    <ListTable
      outlined
      caption="Remotes: current version, and loads and failures reported by browsers in the last 24 hours"
      columns={['Remote', 'Version', 'Published', { label: 'Loads (24 h)', align: 'right' }, { label: 'Failures (24 h)', align: 'right' }, 'Status', 'Last failure']}
      empty={remotes.length === 0 ? 'No remote is published.' : null}
    >
      {remotes.map((remote) => (
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
      ))}
    </ListTable>
  );
}
