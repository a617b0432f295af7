import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useAuth } from '@portal/auth-bridge';
import { ADMIN_MESSAGES, type ManagedUser, type OrganisationNode } from '@portal/contracts';
import { listOrganisationUsers, resetManagedUserMfa, updateManagedUser } from '@portal/contracts/calls';
import { ChangeAction, showAlert, useReadOnly } from '@portal/ui';
import { useCallback, useEffect, useState } from 'react';
import { errorOf } from '../../../lib/api-result';
import { InviteUserDialog } from './invite-user-dialog';
import { UserAccessSelect, accessLockReason } from './user-access-select';

type State = { users: ManagedUser[]; loading: boolean; error: string | null };

/** The API refuses status changes of the caller's own account; the buttons say so first. */
const ownAccountReason = (user: ManagedUser, me: { userId: string } | null) => (me && user.id === me.userId ? ADMIN_MESSAGES.ownAccount : null);

/** Users of one organisation: invite, change access, suspend or reinstate, reset MFA. */
export function OrganisationUsers({ organisation }: { organisation: OrganisationNode }) {
  const [state, setState] = useState<State>({ users: [], loading: true, error: null });
  const [inviteOpen, setInviteOpen] = useState(false);
  const readOnly = useReadOnly();
  const me = useAuth((auth) => auth.user);

  const load = useCallback(async () => {
    setState((s) => ({ ...s, loading: true }));
    const result = await listOrganisationUsers(organisation.id);
    const error = errorOf(result);
    setState(error ? { users: [], loading: false, error } : { users: (result as { users: ManagedUser[] }).users, loading: false, error: null });
  }, [organisation.id]);

  useEffect(() => {
    void load();
  }, [load]);

  const act = async (call: () => Promise<unknown>, message: string) => {
    const error = errorOf(await call());
    showAlert(error ? { message: error, type: 'error' } : { message, type: 'success' });
    if (!error) await load();
  };

  return (
    <Box component="section" aria-labelledby="org-users-heading">
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
        <Typography id="org-users-heading" variant="h6" component="h3">
          Users
        </Typography>
        <ChangeAction>
          <Button variant="contained" onClick={() => setInviteOpen(true)} disabled={organisation.suspended}>
            Invite user
          </Button>
        </ChangeAction>
      </Stack>
      {state.loading ? (
        <Stack direction="row" spacing={1} alignItems="center" role="status">
          <CircularProgress size={20} />
          <Typography>Loading users…</Typography>
        </Stack>
      ) : state.error ? (
        <Alert severity="error">{state.error}</Alert>
      ) : state.users.length === 0 ? (
        <Typography color="text.secondary">{readOnly ? 'No users yet.' : 'No users yet. Invite the first one.'}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={`Users of ${organisation.name}`}>
            <TableHead>
              <TableRow>
                <TableCell>User</TableCell>
                <TableCell>E-mail</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Access</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {state.users.map((user) => (
                <TableRow key={user.id}>
                  <TableCell>
                    {user.firstName} {user.lastName}
                    <Typography variant="body2" color="text.secondary">
                      {user.username}
                    </Typography>
                  </TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>{user.role}</TableCell>
                  <TableCell>
                    <UserAccessSelect user={user} lockReason={accessLockReason(user, organisation, me)} onChanged={() => void load()} />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
                      {user.suspended ? <Chip size="small" color="error" label="Suspended" /> : <Chip size="small" color="success" label="Active" />}
                      {user.invitePending ? <Chip size="small" color="info" label="Invited" /> : null}
                      {user.mfa ? <Chip size="small" label="MFA" /> : null}
                    </Stack>
                  </TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} justifyContent="flex-end">
                      <ChangeAction lockReason={ownAccountReason(user, me)}>
                        <Button
                          size="small"
                          color={user.suspended ? 'primary' : 'error'}
                          aria-label={`${user.suspended ? 'Reinstate' : 'Suspend'} ${user.username}`}
                          onClick={() => act(() => updateManagedUser(user.id, { suspended: !user.suspended }), ADMIN_MESSAGES.userUpdated)}
                        >
                          {user.suspended ? 'Reinstate' : 'Suspend'}
                        </Button>
                      </ChangeAction>
                      <ChangeAction lockReason={ownAccountReason(user, me)}>
                        <Button
                          size="small"
                          disabled={!user.mfa}
                          aria-label={`Reset MFA of ${user.username}`}
                          onClick={() => act(() => resetManagedUserMfa(user.id), ADMIN_MESSAGES.mfaReset)}
                        >
                          Reset MFA
                        </Button>
                      </ChangeAction>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <InviteUserDialog open={inviteOpen} organisation={organisation} onClose={() => setInviteOpen(false)} onInvited={() => void load()} />
    </Box>
  );
}
