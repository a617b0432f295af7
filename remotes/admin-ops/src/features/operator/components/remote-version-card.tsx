import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RemoteReleaseStatus, RemoteStatus } from '@portal/contracts';
import { formatDateTime } from '@portal/ui';
import { useState } from 'react';
import { formatAge } from '../../../lib/format-age';

/** Pointer changes newest first, whatever order the API lists them in. */
export const newestFirst = (history: RemoteStatus['history']): RemoteStatus['history'] =>
  [...history].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));

/** "live 3 h", "never live", plus "rolled back by ops: reason" for a version operators left as bad. */
export function releaseSummary(release: RemoteReleaseStatus): string {
  const live = release.everLive ? `live ${formatAge(release.liveSeconds)}` : 'never live';
  if (!release.rolledBack) return live;
  const { by, at, reason } = release.rolledBack;
  return `${live} · rolled back by ${by} ${formatDateTime(at)}${reason ? `: ${reason}` : ''}`;
}

interface RemoteVersionCardProps {
  remote: RemoteStatus;
  onRollback: (name: string, from: string | null, to: string) => void;
}

export function RemoteVersionCard({ remote, onRollback }: RemoteVersionCardProps) {
  const others = remote.releases.filter((r) => r.version !== remote.current);
  // The server decides where a plain rollback goes (the version live before, never a rolled-back one).
  const [to, setTo] = useState<string>(remote.rollbackTarget ?? '');
  const headingId = `remote-${remote.name}`;
  const chosen = others.find((r) => r.version === to);
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} justifyContent="space-between" alignItems={{ md: 'center' }}>
          <Box>
            <Typography variant="h6" component="h2" id={headingId}>
              {remote.name}
            </Typography>
            <Typography color="text.secondary">Current version: {remote.current ?? 'none'}</Typography>
            <Typography color="text.secondary" variant="body2">
              {remote.rollbackTarget ? `A rollback returns to ${remote.rollbackTarget}, the version live before.` : 'No earlier live version to return to; choose one by name.'}
            </Typography>
          </Box>
          {others.length > 0 ? (
            <Stack direction="row" spacing={1} alignItems="center">
              <TextField
                select
                size="small"
                id={`rollback-to-${remote.name}`}
                label="Version"
                value={to}
                onChange={(e) => setTo(e.target.value)}
                sx={{ minWidth: 200 }}
                helperText={chosen?.rolledBack ? 'Rolled back before' : ' '}
              >
                {others.map((release) => (
                  <MenuItem key={release.version} value={release.version}>
                    {release.version}
                    {release.rolledBack ? ' (rolled back)' : ''}
                  </MenuItem>
                ))}
              </TextField>
              {/* Contained: the theme keeps its text at 4.5:1 for every preset, outlined primary is not. */}
              <Button variant="contained" disabled={!to} onClick={() => onRollback(remote.name, remote.current, to)} aria-label={to ? `Roll back ${remote.name} to ${to}` : `Roll back ${remote.name}`}>
                {to ? `Roll back to ${to}` : 'Roll back'}
              </Button>
            </Stack>
          ) : (
            <Typography color="text.secondary">No other version to roll back to</Typography>
          )}
        </Stack>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          Versions
        </Typography>
        <List dense disablePadding aria-label={`Versions of ${remote.name}`}>
          {remote.releases.map((release) => (
            <ListItem key={release.version} disableGutters>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} alignItems="center" component="span">
                    <span>{release.version}</span>
                    {/* Default-coloured outlined chips: text.primary keeps 4.5:1 in every preset, light and dark. */}
                    {release.version === remote.current ? <Chip size="small" variant="outlined" label="current" component="span" /> : null}
                    {release.rolledBack ? <Chip size="small" variant="outlined" label="rolled back" component="span" /> : null}
                  </Stack>
                }
                secondary={releaseSummary(release)}
              />
            </ListItem>
          ))}
        </List>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          Deploy history
        </Typography>
        {remote.history.length === 0 ? (
          <Typography color="text.secondary">No deploys recorded</Typography>
        ) : (
          <List dense disablePadding aria-label={`Deploy history of ${remote.name}`}>
            {newestFirst(remote.history).map((change) => (
              <ListItem key={`${change.at}-${change.toVersion}`} disableGutters>
                <ListItemText
                  primary={`${change.kind === 'rollback' ? 'Rollback' : 'Deploy'}: ${change.fromVersion ? `${change.fromVersion} → ${change.toVersion}` : `→ ${change.toVersion}`}`}
                  secondary={`${change.actor} · ${formatDateTime(change.at)}${change.reason ? ` · ${change.reason}` : ''}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
