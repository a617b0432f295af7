import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MFA_POLICY_MESSAGES, type AccountProfile } from '@portal/contracts';
import { useState } from 'react';
import { MfaDialog, type MfaAction } from './mfa-dialog';

export type MfaSectionProps = { profile: AccountProfile; onChanged: (method: AccountProfile['mfaMethod']) => void };

const METHOD_LABEL = { email: 'Codes by e-mail', totp: 'Authenticator app' } as const;

export function MfaSection({ profile, onChanged }: MfaSectionProps) {
  const [action, setAction] = useState<MfaAction | null>(null);
  const method = profile.mfaMethod;
  // Required for the user's organisation: the API refuses to turn it off, so the button says why.
  const locked = Boolean(method && profile.mfaRequired);
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="mfa-heading">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography id="mfa-heading" variant="h6" component="h3">
          Multi-factor authentication
        </Typography>
        <Chip size="small" color={method ? 'success' : 'default'} label={method ? `On: ${METHOD_LABEL[method]}` : 'Off'} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {method
          ? 'Signing in asks for a six-digit code after your password.'
          : 'Add a second step to signing in: a code sent by e-mail, or one from an authenticator app.'}
      </Typography>
      {locked && (
        <Typography id="mfa-required-reason" variant="body2" color="text.secondary">
          {MFA_POLICY_MESSAGES.requiredForAccount}.
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {method ? (
          <Button
            variant="outlined"
            color="error"
            disabled={locked}
            aria-describedby={locked ? 'mfa-required-reason' : undefined}
            onClick={() => setAction({ kind: 'disable' })}
          >
            Turn off MFA
          </Button>
        ) : (
          <>
            <Button variant="outlined" onClick={() => setAction({ kind: 'enable', method: 'totp' })}>
              Use an authenticator app
            </Button>
            <Button variant="outlined" onClick={() => setAction({ kind: 'enable', method: 'email' })}>
              Use codes by e-mail
            </Button>
          </>
        )}
      </Stack>
      <MfaDialog userId={profile.userId} action={action} onClose={() => setAction(null)} onChanged={(state) => onChanged(state.mfaMethod)} />
    </Stack>
  );
}
