import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { listRemoteVersions, rollbackRemoteVersion } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { useCallMutation, useCallQuery } from '@portal/data';
import { PageHeader } from '@portal/ui';
import { QueryState } from '@portal/ui/kit';
import { useState } from 'react';
import { alertError, alertSuccess } from '../../../lib/alerts';
import { RemoteVersionCard } from './remote-version-card';
import { RollbackDialog } from './rollback-dialog';
import { JobQueueSection } from './job-queue-section';
import { WorkersSection } from './workers-section';
import { MaintenanceCard } from './maintenance-card';
import { CanariesSection } from './canaries-section';

type Target = { name: string; from: string | null; to: string };

/** /operator (ADMIN): each remote's version, its deploy history, a confirmed one-click rollback, and canary releases. */
export function OperatorPage() {
  const remotes = useCallQuery(adminEndpoints.listRemoteVersions, listRemoteVersions, []);
  const [target, setTarget] = useState<Target | null>(null);

  // Always the version the dialog named, so a change made meanwhile cannot redirect the rollback.
  const rollback = useCallMutation(({ name, to, reason }: Target & { reason: string }) => rollbackRemoteVersion(name, { to, ...(reason ? { reason } : {}) }), {
    onSuccess: (_result, { name, to }) => alertSuccess(`${name} rolled back to ${to}`),
    onError: alertError,
    // Refused or not, the versions reload: they show what is live now.
    onSettled: () => {
      setTarget(null);
      return remotes.refetch();
    },
  });

  return (
    <Box>
      <PageHeader title="Operator" subtitle="Remote versions, deploy history and rollback" />
      <QueryState query={remotes} noun="remote versions" isEmpty={(list) => list.remotes.length === 0} empty="No remotes are registered yet.">
        {(list) => (
          <Stack spacing={2}>
            {list.remotes.map((remote) => (
              <RemoteVersionCard key={`${remote.name}@${remote.current}`} remote={remote} onRollback={(name, from, to) => setTarget({ name, from, to })} />
            ))}
          </Stack>
        )}
      </QueryState>
      <Stack spacing={4} sx={{ mt: 4 }}>
        <CanariesSection onChanged={() => void remotes.refetch()} />
        <JobQueueSection />
        <WorkersSection />
        <MaintenanceCard />
      </Stack>
      <RollbackDialog
        target={target}
        busy={rollback.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={(reason) => target && rollback.mutate({ ...target, reason })}
      />
    </Box>
  );
}
