import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useAuth } from '@portal/auth-bridge';
import { ADMIN_MESSAGES, type ManagedUser, type OrganisationNode } from '@portal/contracts';
import { listOrganisationUsers, resetManagedUserMfa, updateManagedUser } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { useCallMutation, useCallQuery } from '@portal/data';
import { useReadOnly } from '@portal/ui';
import { ChangeAction, ListTable, QueryState } from '@portal/ui/kit';
import { useState } from 'react';
import { alertError, alertSuccess } from '../../../lib/alerts';
import { InviteUserDialog } from './invite-user-dialog';
import { UserAccessSelect, accessLockReason } from './user-access-select';

/** The API refuses status changes of the caller's own account; the buttons say so first. */
const ownAccountReason = (user: ManagedUser, me: { userId: string } | null) => (me && user.id === me.userId ? ADMIN_MESSAGES.ownAccount : null);

/** Users of one organisation: invite, change access, suspend or reinstate, reset MFA. */
export function OrganisationUsers({ organisation }: { organisation: OrganisationNode }) {
  const users = useCallQuery(adminEndpoints.listOrganisationUsers, listOrganisationUsers, [organisation.id]);
  const [inviteOpen, setInviteOpen] = useState(false);
  const readOnly = useReadOnly();
  const me = useAuth((auth) => auth.user);

  // Suspend, reinstate or reset MFA: `message` is the success alert; the users reload after a change.
  const change = useCallMutation(({ send }: { send: () => Promise<unknown>; message: string }) => send(), {
    invalidates: [adminEndpoints.listOrganisationUsers],
    onSuccess: (_user, { message }) => alertSuccess(message),
    onError: alertError,
  });
  const act = (send: () => Promise<unknown>, message: string) => change.mutate({ send, message });

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
      <QueryState query={users} noun="users" isEmpty={(list) => list.users.length === 0} empty={readOnly ? 'No users yet.' : 'No users yet. Invite the first one.'}>
        {(list) => (
          <ListTable
            label={`Users of ${organisation.name}`}
            columns={['User', 'E-mail', 'Role', 'Access', 'Status', { label: 'Actions', align: 'right' }]}
          >
            {list.users.map((user) => (
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
                  <UserAccessSelect user={user} lockReason={accessLockReason(user, organisation, me)} onChanged={() => void users.refetch()} />
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
          </ListTable>
        )}
      </QueryState>
      <InviteUserDialog open={inviteOpen} organisation={organisation} onClose={() => setInviteOpen(false)} />
    </Box>
  );
}
