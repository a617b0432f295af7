import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { paths } from '@portal/config';
import { BACKUP_SERVICE_LABELS } from '@portal/contracts';
import { getBackupSet, getProtectedObject } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { useCallQuery } from '@portal/data';
import { countLabel, formatBytes, formatCount, formatDateTime, PageHeader } from '@portal/ui';
import { ListTable, QueryState } from '@portal/ui/kit';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageTrail } from '../../../components/page-trail';
import { fromTarget } from '../../../lib/from-target';
import { ObjectStatusChip } from '../../../components/object-status-chip';

/** /m365-services/{backupSetType}/{backupSetUserId}/{backupSetId}/{from}: one user's services. */
export function M365ServicesPage() {
  const { backupSetType = '', backupSetUserId = '', backupSetId = '', from = 'backup' } = useParams();
  const origin = fromTarget(from);
  const object = useCallQuery(backupEndpoints.getProtectedObject, getProtectedObject, [backupSetId, backupSetUserId]);
  const set = useCallQuery(backupEndpoints.getBackupSet, getBackupSet, [backupSetId], { enabled: Boolean(backupSetId) });
  const usersPath = paths.viewUsers.build({ backupSetType, backupSetId, from });
  const base = { backupSetType, backupSetUserId, backupSetId };
  const name = object.data?.displayName ?? 'User';

  return (
    <Box component="section">
      <PageTrail steps={[{ label: origin.label, to: origin.path }, { label: set.data?.name ?? 'Backup set', to: usersPath }, { label: name }]} />
      <PageHeader
        title={`Services of ${name}`}
        subtitle="Mail, calendar, contacts and OneDrive of this user: what is stored and when it was last backed up."
        actions={
          <>
            <Button component={RouterLink} to={paths.viewSnapshots.build(base)}>
              Snapshots
            </Button>
            <Button variant="contained" component={RouterLink} to={paths.itemSearch.build(base)}>
              Search items
            </Button>
          </>
        }
      />
      <Card sx={{ p: 2 }}>
        <QueryState query={object} noun="services" isEmpty={(o) => o.services.length === 0} empty="Nothing has been backed up for this user yet.">
          {(o) => (
            <>
              <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
                <ObjectStatusChip object={o} />
                <Typography variant="body2" color="text.secondary">
                  {o.detail ?? o.externalId} · {countLabel(o.itemCount, 'item')} · {formatBytes(o.sizeBytes)} · {countLabel(o.snapshotCount, 'snapshot')}
                </Typography>
              </Stack>
              <ListTable
                label="Services"
                columns={['Service', { label: 'Items', align: 'right' }, { label: 'Size', align: 'right' }, 'Last backup', { label: 'Browse', align: 'right' }]}
              >
                {o.services.map((s) => (
                  <TableRow key={s.service} hover>
                    <TableCell>{BACKUP_SERVICE_LABELS[s.service]}</TableCell>
                    <TableCell align="right">{formatCount(s.itemCount)}</TableCell>
                    <TableCell align="right">{formatBytes(s.sizeBytes)}</TableCell>
                    <TableCell>{formatDateTime(s.lastBackupAt)}</TableCell>
                    <TableCell align="right">
                      <Button size="small" component={RouterLink} to={`${paths.itemSearch.build(base)}?service=${s.service}`} aria-label={`Search ${BACKUP_SERVICE_LABELS[s.service]} items`}>
                        Items
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </ListTable>
            </>
          )}
        </QueryState>
      </Card>
    </Box>
  );
}
