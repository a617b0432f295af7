import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authStore, clearClientSession } from '@portal/auth-bridge';
import { paths } from '@portal/config';
import type { UserSession } from '@portal/contracts';
import { listSessions, revokeAllSessions, revokeSession } from '@portal/contracts/calls';
import { accountEndpoints } from '@portal/contracts/endpoints/account';
import { errorMessageOf, useCallMutation, useCallQuery } from '@portal/data';
import { showAlert } from '@portal/ui';
import { ConfirmDialog } from '@portal/ui/kit';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageQueryState } from '../../../components/page-query-state';

/** "Chrome on Linux"-style summary of a user agent; the raw string stays in the title attribute. */
export function describeAgent(agent: string | null): string {
  if (!agent) return 'Unknown device';
  const browser = /Edg\//.test(agent) ? 'Edge' : /Firefox\//.test(agent) ? 'Firefox' : /Chrom(e|ium)\//.test(agent) ? 'Chrome' : /Safari\//.test(agent) ? 'Safari' : 'Browser';
  const os = /Windows/.test(agent) ? 'Windows' : /Mac OS X/.test(agent) ? 'macOS' : /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iOS' : /Linux/.test(agent) ? 'Linux' : '';
  return os ? `${browser} on ${os}` : browser;
}

const when = (iso: string) => new Date(iso).toLocaleString();

const showError = (error: Error) => showAlert({ message: errorMessageOf(error), type: 'error' });

export function SessionsSection({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const sessions = useCallQuery(accountEndpoints.listSessions, listSessions, [userId]);
  const [confirming, setConfirming] = useState(false);

  // The list is read again whatever the answer: a session may have ended meanwhile.
  const signOutOne = useCallMutation((session: UserSession) => revokeSession(userId, session.id), { onError: showError, onSettled: () => sessions.refetch() });
  const signOutEverywhere = useCallMutation((_: void) => revokeAllSessions(userId), {
    onSuccess: ({ message }) => {
      // This session ended too: leave the way logout does.
      showAlert({ message, type: 'success' });
      clearClientSession();
      authStore.getState().logout();
      navigate(paths.login, { replace: true });
    },
    onError: showError,
    onSettled: () => setConfirming(false),
  });

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="sessions-heading">
      <Typography id="sessions-heading" variant="h6" component="h3">
        Active sessions
      </Typography>
      <PageQueryState query={sessions} noun="sessions" rows={2} failed={(message) => `Sessions could not be loaded: ${message}`}>
        {({ items }) => (
          <List dense aria-label="Active sessions" disablePadding>
            {items.map((session) => (
              <ListItem
                key={session.id}
                divider
                secondaryAction={
                  session.current ? (
                    <Chip size="small" color="primary" label="This device" />
                  ) : (
                    <Button size="small" onClick={() => signOutOne.mutate(session)} aria-label={`Sign out ${describeAgent(session.userAgent)} from ${when(session.createdAt)}`}>
                      Sign out
                    </Button>
                  )
                }
              >
                <ListItemText
                  primary={<span title={session.userAgent ?? undefined}>{describeAgent(session.userAgent)}</span>}
                  secondary={`Signed in ${when(session.createdAt)} · last active ${when(session.lastSeenAt)}${session.ip ? ` · ${session.ip}` : ''}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </PageQueryState>
      <div>
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        destructive
        busy={signOutEverywhere.isPending}
        onConfirm={async () => {
          await signOutEverywhere.mutateAsync().catch(() => undefined);
        }}
        onClose={() => setConfirming(false)}
      >
        Every session ends, this one included. You will need to sign in again.
      </ConfirmDialog>
    </Stack>
  );
}
