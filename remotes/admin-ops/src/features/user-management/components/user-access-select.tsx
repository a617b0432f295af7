import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormHelperText,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import type { SessionUser } from '@portal/auth-bridge';
import { USER_ACCESS_LABELS, USER_ACCESS_MESSAGES, USER_ACCESS_VALUES, type ManagedUser, type OrganisationNode, type UserAccess } from '@portal/contracts';
import { updateManagedUserAccess } from '@portal/contracts/calls';
import { showAlert, useReadOnly } from '@portal/ui';
import { useId, useState } from 'react';
import { errorOf } from '../../../lib/api-result';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const helpId = useId();
  const titleId = useId();

  const close = () => {
    setPending(null);
    setError(null);
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    const failure = errorOf(await updateManagedUserAccess(user.id, { access: pending }));
    setBusy(false);
    if (failure) {
      setError(failure);
      return;
    }
    close();
    showAlert({ message: USER_ACCESS_MESSAGES.changed, type: 'success' });
    onChanged();
  };

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
        {USER_ACCESS_VALUES.map((value) => (
          <MenuItem key={value} value={value}>
            {USER_ACCESS_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      {lockReason ? (
        <FormHelperText id={helpId} sx={{ maxWidth: 220 }}>
          {lockReason}
        </FormHelperText>
      ) : null}
      <Dialog open={pending !== null} onClose={busy ? undefined : close} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>
          {pending === 'read-only' ? `Make ${user.username} read-only?` : `Give ${user.username} full access?`}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{pending ? CONSEQUENCE[pending] : null}</DialogContentText>
          {error ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={busy}>
            {pending ? `Set to ${USER_ACCESS_LABELS[pending]}` : 'Confirm'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
