import Alert from '@mui/material/Alert';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { SessionUser } from '@portal/auth-bridge';
import { USER_ACCESS_LABELS, USER_ACCESS_MESSAGES, USER_ACCESS_VALUES, type ManagedUser, type OrganisationNode, type UserAccess } from '@portal/contracts';
import { updateManagedUserAccess } from '@portal/contracts/calls';
import { errorMessageOf, useCallMutation } from '@portal/data';
import { useReadOnly } from '@portal/ui';
import { menuItems } from '@portal/ui/form';
import { ConfirmDialog } from '@portal/ui/kit';
import { useId, useState } from 'react';
import { alertSuccess } from '../../../lib/alerts';
import { settle } from '../../../lib/settle';

/**
 * Why the caller cannot change this user's access, or null when it can. Mirrors the API's rules
 * (it checks them again): never one's own; in one's own organisation only as ADMIN.
 */
export function accessLockReason(user: ManagedUser, organisation: OrganisationNode, me: Pick<SessionUser, 'userId' | 'role'> | null): string | null {
  if (me && user.id === me.userId) return USER_ACCESS_MESSAGES.ownAccess;
  if (!organisation.manageable && me?.role !== 'ADMIN') return USER_ACCESS_MESSAGES.ownOrganisation;
  return null;
}

const CONSEQUENCE: Record<UserAccess, string> = {
  'read-only': 'They keep seeing everything their role sees but can no longer change anything, from their next request on. Their own password, MFA and profile stay theirs to change.',
  full: 'They can again do everything their role allows, from their next request on.',
};

export type UserAccessSelectProps = { user: ManagedUser; lockReason: string | null; onChanged: () => void };

/** "Full access / Read-only" for one user, changed only after a confirmation. */
export function UserAccessSelect({ user, lockReason: ruleReason, onChanged }: UserAccessSelectProps) {
  // A read-only caller changes nobody's access; the page's own rules still explain first.
  const readOnly = useReadOnly();
  const lockReason = ruleReason ?? (readOnly ? USER_ACCESS_MESSAGES.readOnly : null);
  const [pending, setPending] = useState<UserAccess | null>(null);
  const helpId = useId();
  // A refusal stays in the dialog (the choice is still open); success closes it.
  const change = useCallMutation((access: UserAccess) => updateManagedUserAccess(user.id, { access }), {
    onSuccess: () => {
      close();
      alertSuccess(USER_ACCESS_MESSAGES.changed);
      onChanged();
    },
  });
  const busy = change.isPending;

  function close() {
    setPending(null);
    change.reset();
  }

  return (
    <Stack>
      <TextField
        select
        size="small"
        value={user.access}
        disabled={lockReason !== null || busy}
        onChange={(event) => {
          if (event.target.value !== user.access) setPending(event.target.value as UserAccess);
        }}
        slotProps={{ select: { SelectDisplayProps: { 'aria-label': `Access of ${user.username}`, 'aria-describedby': lockReason ? helpId : undefined } as object } }}
        sx={{ minWidth: 140 }}
      >
        {menuItems(USER_ACCESS_VALUES, USER_ACCESS_LABELS)}
      </TextField>
      {lockReason ? (
        <FormHelperText id={helpId} sx={{ maxWidth: 220 }}>
          {lockReason}
        </FormHelperText>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={pending === 'read-only' ? `Make ${user.username} read-only?` : `Give ${user.username} full access?`}
        confirmLabel={pending ? `Set to ${USER_ACCESS_LABELS[pending]}` : 'Confirm'}
        busy={busy}
        onConfirm={() => (pending ? settle(change.mutateAsync(pending)) : undefined)}
        onClose={close}
      >
        {pending ? CONSEQUENCE[pending] : null}
        {change.isError ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorMessageOf(change.error)}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}
