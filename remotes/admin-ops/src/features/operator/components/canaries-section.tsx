import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CanaryList } from '@portal/contracts';
import { listRemoteCanaries, listRemoteVersions, promoteRemoteCanary, rollbackRemoteCanary } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { useCallMutation, useCallQuery } from '@portal/data';
import { formatDateTime } from '@portal/ui';
import { ConfirmDialog, ListTable, QueryState } from '@portal/ui/kit';
import { useState } from 'react';
import { StatusChip, type PartStatus } from '../../../components/status-chip';
import { alertError, alertSuccess } from '../../../lib/alerts';
import { visiblePoll } from '../../../lib/visible-poll';
import { OPERATOR_REFRESH_MS } from './operator-format';
import { StartCanaryDialog } from './start-canary-dialog';

type Canary = CanaryList['canaries'][number];
type Action = { kind: 'promote' | 'stop'; canary: Canary };

const STATE: Record<Canary['state'], { status: PartStatus; text: string }> = {
  running: { status: 'degraded', text: 'Running' },
  promoted: { status: 'ok', text: 'Promoted' },
  rolled_back: { status: 'down', text: 'Rolled back' },
  replaced: { status: 'degraded', text: 'Replaced' },
};

/** "2 of 10 users failed": what browsers reported on a version since the canary started. */
export const failedOf = ({ loads, failures }: { loads: number; failures: number }): string => `${failures} of ${loads} ${loads === 1 ? 'user' : 'users'} failed`;

/** The latest canary of each remote: its share, what browsers reported, and promote / stop while it runs. */
export function CanariesSection({ onChanged }: { onChanged?: () => void }) {
  const canaries = useCallQuery(adminEndpoints.listRemoteCanaries, listRemoteCanaries, [], visiblePoll(OPERATOR_REFRESH_MS));
  // The last action asked for stays while its dialog closes, so the dialog's text does not change under the user.
  const [action, setAction] = useState<Action | null>(null);
  const [open, setOpen] = useState(false);
  const [starting, setStarting] = useState(false);
  const remotes = useCallQuery(adminEndpoints.listRemoteVersions, listRemoteVersions, []);
  const ask = (next: Action) => {
    setAction(next);
    setOpen(true);
  };
  const act = useCallMutation(({ kind, canary }: Action) => (kind === 'promote' ? promoteRemoteCanary(canary.name) : rollbackRemoteCanary(canary.name)), {
    onSuccess: (_result, { kind, canary }) => alertSuccess(kind === 'promote' ? `${canary.version} of ${canary.name} is live for everyone` : `The canary of ${canary.name} is stopped`),
    onError: alertError,
    onSettled: () => {
      setOpen(false);
      onChanged?.();
      return canaries.refetch();
    },
  });

  return (
    <Box component="section" aria-labelledby="operator-canaries">
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
        <Typography id="operator-canaries" variant="h6" component="h2">
          Canary releases
        </Typography>
        <Button variant="contained" onClick={() => setStarting(true)} disabled={!remotes.data?.remotes.length}>
          Start canary
        </Button>
      </Stack>
      <QueryState
        query={canaries}
        noun="canary releases"
        isEmpty={(data) => data.canaries.length === 0}
        empty="No canary yet: pnpm portal remote deploy <name> --canary <percent> serves a new version to a share of sessions first."
      >
        {(data) => (
          <ListTable outlined caption="The latest canary of each remote, with the users who loaded it or reported it failing since it started" columns={['Remote', 'Canary', 'Share', 'State', 'Canary reports', 'Current version reports', 'Actions']}>
            {data.canaries.map((canary) => (
              <TableRow key={canary.id}>
                <TableCell component="th" scope="row">
                  {canary.name}
                </TableCell>
                <TableCell>
                  {canary.version}
                  <Typography variant="body2" color="text.secondary">
                    by {canary.startedBy} · {formatDateTime(canary.startedAt)}
                  </Typography>
                </TableCell>
                <TableCell>{canary.percent}% of sessions</TableCell>
                <TableCell>
                  <StatusChip status={STATE[canary.state].status} text={STATE[canary.state].text} />
                  <Typography variant="body2" color="text.secondary">
                    {canary.state === 'running'
                      ? canary.promoteAt
                        ? `Promoted ${formatDateTime(canary.promoteAt)} unless it fails`
                        : 'Until promoted or stopped'
                      : `${canary.endedBy ?? ''} · ${canary.endedAt ? formatDateTime(canary.endedAt) : ''}${canary.reason ? ` · ${canary.reason}` : ''}`}
                  </Typography>
                </TableCell>
                <TableCell>{failedOf(canary.canary)}</TableCell>
                <TableCell>
                  {failedOf(canary.stable)}
                  <Typography variant="body2" color="text.secondary">
                    {canary.stableVersion ?? 'none'}
                  </Typography>
                </TableCell>
                <TableCell>
                  {canary.state === 'running' ? (
                    <Stack direction="row" spacing={1}>
                      <Button variant="contained" size="small" onClick={() => ask({ kind: 'promote', canary })} aria-label={`Promote ${canary.version} of ${canary.name} to everyone`}>
                        Promote
                      </Button>
                      <Button variant="outlined" color="inherit" size="small" onClick={() => ask({ kind: 'stop', canary })} aria-label={`Stop the canary ${canary.version} of ${canary.name}`}>
                        Stop
                      </Button>
                    </Stack>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        )}
      </QueryState>
      <StartCanaryDialog
        open={starting}
        remotes={remotes.data?.remotes ?? []}
        onClose={() => setStarting(false)}
        onStarted={() => {
          onChanged?.();
          void canaries.refetch();
        }}
      />
      <ConfirmDialog
        open={open}
        title={action?.kind === 'promote' ? `Promote ${action.canary.version} of ${action.canary.name}?` : `Stop the canary of ${action?.canary.name ?? ''}?`}
        confirmLabel={action?.kind === 'promote' ? 'Promote' : 'Stop canary'}
        destructive={action?.kind === 'stop'}
        busy={act.isPending}
        onConfirm={() => (action ? act.mutateAsync(action) : undefined)}
        onClose={() => setOpen(false)}
      >
        {action?.kind === 'promote'
          ? `Every session will load ${action.canary.version}; ${action.canary.stableVersion ?? 'the current version'} stays available to roll back to.`
          : `Every session will load ${action?.canary.stableVersion ?? 'the current version'} again, and ${action?.canary.version ?? ''} is marked rolled back.`}
      </ConfirmDialog>
    </Box>
  );
}
