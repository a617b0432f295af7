import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { RemoteList, RemoteStatus } from '@portal/contracts';
import { listRemoteVersions, rollbackRemoteVersion } from '@portal/contracts/calls';
import { PageHeader, showAlert } from '@portal/ui';
import { useCallback, useEffect, useState } from 'react';
import { errorOf } from '../../../lib/api-result';
import { RemoteVersionCard } from './remote-version-card';
import { RollbackDialog } from './rollback-dialog';
import { JobQueueSection } from './job-queue-section';
import { WorkersSection } from './workers-section';
import { MaintenanceCard } from './maintenance-card';

type State = { remotes: RemoteStatus[] | null; error: string | null };
type Target = { name: string; from: string | null; to: string };

/** /operator (ADMIN): each remote's version, its deploy history, and a confirmed one-click rollback. */
export function OperatorPage() {
  const [state, setState] = useState<State>({ remotes: null, error: null });
  const [target, setTarget] = useState<Target | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const result = await listRemoteVersions();
      const error = errorOf(result);
      setState(error ? { remotes: null, error } : { remotes: (result as RemoteList).remotes, error: null });
    } catch {
      setState({ remotes: null, error: 'Remote versions could not be loaded.' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const confirm = async (reason: string) => {
    if (!target) return;
    setBusy(true);
    try {
      // Always the version the dialog named, so a change made meanwhile cannot redirect the rollback.
      const result = await rollbackRemoteVersion(target.name, { to: target.to, ...(reason ? { reason } : {}) });
      const error = errorOf(result);
      showAlert(error ? { message: error, type: 'error' } : { message: `${target.name} rolled back to ${target.to}`, type: 'success' });
    } catch {
      showAlert({ message: 'The rollback failed.', type: 'error' });
    } finally {
      setBusy(false);
      setTarget(null);
      await load();
    }
  };

  return (
    <Box>
      <PageHeader title="Operator" subtitle="Remote versions, deploy history and rollback" />
      {state.error ? (
        <Alert severity="error" action={<Button color="inherit" onClick={() => void load()}>Retry</Button>}>
          {state.error}
        </Alert>
      ) : !state.remotes ? (
        <Stack direction="row" spacing={1} alignItems="center" role="status">
          <CircularProgress size={24} />
          <Typography>Loading remote versions…</Typography>
        </Stack>
      ) : state.remotes.length === 0 ? (
        <Typography color="text.secondary">No remotes are registered yet.</Typography>
      ) : (
        <Stack spacing={2}>
          {state.remotes.map((remote) => (
            <RemoteVersionCard key={`${remote.name}@${remote.current}`} remote={remote} onRollback={(name, from, to) => setTarget({ name, from, to })} />
          ))}
        </Stack>
      )}
      <Stack spacing={4} sx={{ mt: 4 }}>
        <JobQueueSection />
        <WorkersSection />
        <MaintenanceCard />
      </Stack>
      <RollbackDialog target={target} busy={busy} onCancel={() => setTarget(null)} onConfirm={(reason) => void confirm(reason)} />
    </Box>
  );
}
