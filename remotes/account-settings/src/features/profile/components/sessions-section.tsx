import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { authStore, clearClientSession } from '@portal/auth-bridge';
import { paths } from '@portal/config';
import type { UserSession } from '@portal/contracts';
import { listSessions, revokeAllSessions, revokeSession } from '@portal/contracts/calls';
import { showAlert } from '@portal/ui';
import { useCallback, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorOf, messageOf } from '../../../lib/api-result';

/** "Chrome on Linux"-style summary of a user agent; the raw string stays in the title attribute. */
export function describeAgent(agent: string | null): string {
  if (!agent) return 'Unknown device';
  const browser = /Edg\//.test(agent) ? 'Edge' : /Firefox\//.test(agent) ? 'Firefox' : /Chrom(e|ium)\//.test(agent) ? 'Chrome' : /Safari\//.test(agent) ? 'Safari' : 'Browser';
  const os = /Windows/.test(agent) ? 'Windows' : /Mac OS X/.test(agent) ? 'macOS' : /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iOS' : /Linux/.test(agent) ? 'Linux' : '';
  return os ? `${browser} on ${os}` : browser;
}

const when = (iso: string) => new Date(iso).toLocaleString();

export function SessionsSection({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const titleId = useId();
  const [sessions, setSessions] = useState<UserSession[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const load = useCallback(async () => {
    setProblem(null);
    try {
      const result = await listSessions(userId);
      const error = errorOf(result);
      if (error) setProblem(error);
      else setSessions((result as { items: UserSession[] }).items);
    } catch (error) {
      setProblem(messageOf(error));
    }
  }, [userId]);

  useEffect(() => {
    void load();
  }, [load]);

  const signOutOne = async (session: UserSession) => {
    try {
      const error = errorOf(await revokeSession(userId, session.id));
      if (error) showAlert({ message: error, type: 'error' });
      await load();
    } catch (error) {
      showAlert({ message: messageOf(error), type: 'error' });
    }
  };

  const signOutEverywhere = async () => {
    setConfirming(false);
    try {
      const result = await revokeAllSessions(userId);
      const error = errorOf(result);
      if (error) {
        showAlert({ message: error, type: 'error' });
        return;
      }
      // This session ended too: leave the way logout does.
      showAlert({ message: (result as { message: string }).message, type: 'success' });
      clearClientSession();
      authStore.getState().logout();
      navigate(paths.login, { replace: true });
    } catch (error) {
      showAlert({ message: messageOf(error), type: 'error' });
    }
  };

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="sessions-heading">
      <Typography id="sessions-heading" variant="h6" component="h3">
        Active sessions
      </Typography>
      {problem ? (
        <Alert severity="error" action={<Button onClick={() => void load()}>Retry</Button>}>
          Sessions could not be loaded: {problem}
        </Alert>
      ) : sessions === null ? (
        <Stack spacing={1} aria-busy="true" aria-label="Loading sessions">
          <Skeleton width="70%" />
          <Skeleton width="60%" />
        </Stack>
      ) : (
        <List dense aria-label="Active sessions" disablePadding>
          {sessions.map((session) => (
            <ListItem
              key={session.id}
              divider
              secondaryAction={
                session.current ? (
                  <Chip size="small" color="primary" label="This device" />
                ) : (
                  <Button size="small" onClick={() => void signOutOne(session)} aria-label={`Sign out ${describeAgent(session.userAgent)} from ${when(session.createdAt)}`}>
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
      <div>
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </Button>
      </div>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Sign out everywhere?</DialogTitle>
        <DialogContent>
          <DialogContentText>Every session ends, this one included. You will need to sign in again.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => void signOutEverywhere()}>
            Sign out everywhere
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
