import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BACKUP_SERVICE_LABELS, type ProtectedObject } from '@portal/contracts';
import { formatBytes, formatCount, formatDateTime } from '@portal/ui';
import { ChangeAction, ListTable } from '@portal/ui/kit';
import { Link as RouterLink } from 'react-router-dom';
import { objectLinks } from '../lib/object-links';
import { ObjectStatusChip } from '../../../components/object-status-chip';

interface ObjectsTableProps {
  objects: ProtectedObject[];
  set: { id: string; type: string };
  from: string;
  label: string;
  onRemove?: (object: ProtectedObject) => void;
}

export function ObjectsTable({ objects, set, from, label, onRemove }: ObjectsTableProps) {
  return (
    <ListTable
      label={label}
      columns={['Name', 'Services', 'Last backup', { label: 'Items', align: 'right' }, { label: 'Size', align: 'right' }, 'Status', { label: 'Actions', align: 'right' }]}
    >
      {objects.map((object) => {
        const links = objectLinks(object, set, from);
        return (
          <TableRow key={object.id} hover>
            <TableCell>
              {links.services ? (
                <Link component={RouterLink} to={links.services}>
                  {object.displayName}
                </Link>
              ) : (
                object.displayName
              )}
              {object.detail ? (
                <Typography variant="caption" display="block" color="text.secondary">
                  {object.detail}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>
              <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
                {object.services.map((s) => (
                  <Chip key={s.service} size="small" label={BACKUP_SERVICE_LABELS[s.service]} />
                ))}
              </Stack>
            </TableCell>
            <TableCell>{formatDateTime(object.lastBackupAt)}</TableCell>
            <TableCell align="right">{formatCount(object.itemCount)}</TableCell>
            <TableCell align="right">{formatBytes(object.sizeBytes)}</TableCell>
            <TableCell>
              <ObjectStatusChip object={object} />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Button size="small" component={RouterLink} to={links.snapshots} aria-label={`Snapshots of ${object.displayName}`}>
                Snapshots
              </Button>
              <Button size="small" component={RouterLink} to={links.search} aria-label={`Search items of ${object.displayName}`}>
                Items
              </Button>
              {onRemove ? (
                <ChangeAction>
                  <Button size="small" color="error" onClick={() => onRemove(object)} aria-label={`Remove ${object.displayName}`}>
                    Remove
                  </Button>
                </ChangeAction>
              ) : null}
            </TableCell>
          </TableRow>
        );
      })}
    </ListTable>
  );
}
