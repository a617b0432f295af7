import { Box, Button, Card, CardContent, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { RemoteStatus } from '@portal/contracts';
import { useState } from 'react';

const formatTime = (iso: string) => new Date(iso).toLocaleString();

/** Pointer changes newest first, whatever order the API lists them in. */
export const newestFirst = (history: RemoteStatus['history']): RemoteStatus['history'] =>
  [...history].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));

/** The version the plain "roll back" goes to: the one the current pointer replaced, else the newest other release. */
export function defaultRollbackTarget(remote: RemoteStatus): string | null {
  const others = remote.releases.filter((r) => r.version !== remote.current).map((r) => r.version);
  const previous = newestFirst(remote.history).find((h) => h.toVersion === remote.current)?.fromVersion;
  if (previous && others.includes(previous)) return previous;
  return others[0] ?? null;
}

interface RemoteVersionCardProps {
  remote: RemoteStatus;
  onRollback: (name: string, from: string | null, to: string) => void;
}

export function RemoteVersionCard({ remote, onRollback }: RemoteVersionCardProps) {
  const others = remote.releases.filter((r) => r.version !== remote.current);
  const [to, setTo] = useState<string>(defaultRollbackTarget(remote) ?? '');
  const headingId = `remote-${remote.name}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} justifyContent="space-between" alignItems={{ md: 'center' }}>
          <Box>
            <Typography variant="h6" component="h2" id={headingId}>
              {remote.name}
            </Typography>
            <Typography color="text.secondary">Current version: {remote.current ?? 'none'}</Typography>
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
                sx={{ minWidth: 160 }}
              >
                {others.map((release) => (
                  <MenuItem key={release.version} value={release.version}>
                    {release.version}
                  </MenuItem>
                ))}
              </TextField>
              {/* Contained: the theme keeps its text at 4.5:1 for every preset, outlined primary is not. */}
              <Button variant="contained" disabled={!to} onClick={() => onRollback(remote.name, remote.current, to)} aria-label={`Roll back ${remote.name}`}>
                Roll back
              </Button>
            </Stack>
          ) : (
            <Typography color="text.secondary">No other version to roll back to</Typography>
          )}
        </Stack>
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
                  primary={change.fromVersion ? `${change.fromVersion} → ${change.toVersion}` : `→ ${change.toVersion}`}
                  secondary={`${change.actor} · ${formatTime(change.at)}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
