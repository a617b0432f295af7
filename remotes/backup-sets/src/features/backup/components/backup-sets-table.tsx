import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { paths } from '@portal/config';
import { BACKUP_SET_TYPE_LABELS, USER_ACCESS_MESSAGES, type BackupSet } from '@portal/contracts';
import { formatBytes, formatCount, formatDateTime, useReadOnly } from '@portal/ui';
import { ChangeAction, ListTable } from '@portal/ui/kit';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { JobStatusChip } from '../../../components/job-status-chip';
import { objectsPath } from '../../../lib/objects-path';
import { describeSchedule, describeScope, describeServices } from '../lib/set-labels';

interface BackupSetsTableProps {
  sets: BackupSet[];
  onEdit: (set: BackupSet) => void;
  onRun: (set: BackupSet) => void;
  onPause: (set: BackupSet) => void;
  onResume: (set: BackupSet) => void;
  onDelete: (set: BackupSet) => void;
}

export function BackupSetsTable({ sets, onEdit, onRun, onPause, onResume, onDelete }: BackupSetsTableProps) {
  const [menu, setMenu] = useState<{ anchor: HTMLElement; set: BackupSet } | null>(null);
  const readOnly = useReadOnly();
  const close = () => setMenu(null);
  const pick = (action: (set: BackupSet) => void) => {
    if (menu) action(menu.set);
    close();
  };
  return (
    <>
      <ListTable
        label="Backup sets"
        columns={['Name', 'Type', 'Scope', 'Last run', 'Next run', 'Status', { label: 'Protected', align: 'right' }, { label: 'Size', align: 'right' }, { label: 'Actions', align: 'right' }]}
      >
        {sets.map((set) => (
          <TableRow key={set.id} hover>
            <TableCell>
              <Link component={RouterLink} to={objectsPath(set)} aria-label={`Open ${set.name}`}>
                {set.name}
              </Link>
              <Typography variant="caption" display="block" color="text.secondary">
                {set.tenantName} · {describeServices(set)}
              </Typography>
            </TableCell>
            <TableCell>{BACKUP_SET_TYPE_LABELS[set.type]}</TableCell>
            <TableCell>{describeScope(set.scope)}</TableCell>
            <TableCell>
              {formatDateTime(set.lastRunAt)}
              {set.lastRunStatus ? (
                <>
                  {' '}
                  <JobStatusChip status={set.lastRunStatus} />
                </>
              ) : null}
            </TableCell>
            <TableCell>
              {set.status === 'paused' ? 'Paused' : formatDateTime(set.nextRunAt)}
              <Typography variant="caption" display="block" color="text.secondary">
                {describeSchedule(set.schedule)}
              </Typography>
            </TableCell>
            <TableCell>
              <Chip size="small" label={set.status === 'active' ? 'Active' : 'Paused'} color={set.status === 'active' ? 'success' : 'default'} variant="outlined" />
            </TableCell>
            <TableCell align="right">{formatCount(set.protectedCount)}</TableCell>
            <TableCell align="right">
              {formatBytes(set.sizeBytes)}
              <Typography variant="caption" display="block" color="text.secondary">
                {formatCount(set.itemCount)} items
              </Typography>
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <ChangeAction>
                <Button size="small" onClick={() => onRun(set)} disabled={set.status === 'paused' || set.lastRunStatus === 'running' || set.lastRunStatus === 'queued'} aria-label={`Run ${set.name} now`}>
                  Run now
                </Button>
              </ChangeAction>
              <IconButton aria-label={`More actions for ${set.name}`} aria-haspopup="menu" onClick={(e) => setMenu({ anchor: e.currentTarget, set })}>
                <MoreVertIcon />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={close}>
        {menu
          ? [
              // Menu items cannot carry a tooltip when disabled: the reason heads the menu instead.
              readOnly ? (
                <ListSubheader key="read-only" role="none" disableSticky sx={{ lineHeight: 'normal', py: 1, bgcolor: 'transparent' }}>
                  {USER_ACCESS_MESSAGES.readOnly}
                </ListSubheader>
              ) : null,
              <MenuItem key="edit" onClick={() => pick(onEdit)} disabled={readOnly}>
                Edit
              </MenuItem>,
              menu.set.status === 'active' ? (
                <MenuItem key="pause" onClick={() => pick(onPause)} disabled={readOnly}>
                  Pause
                </MenuItem>
              ) : (
                <MenuItem key="resume" onClick={() => pick(onResume)} disabled={readOnly}>
                  Resume
                </MenuItem>
              ),
              <MenuItem key="jobs" component={RouterLink} to={`${paths.jobs}?setId=${menu.set.id}`} onClick={close}>
                Jobs
              </MenuItem>,
              <MenuItem key="search" component={RouterLink} to={paths.itemSearch.build({ backupSetType: menu.set.type, backupSetUserId: 'all', backupSetId: menu.set.id })} onClick={close}>
                Search items
              </MenuItem>,
              <MenuItem key="delete" onClick={() => pick(onDelete)} sx={{ color: 'error.main' }} disabled={readOnly}>
                Delete
              </MenuItem>,
            ]
          : null}
      </Menu>
    </>
  );
}
