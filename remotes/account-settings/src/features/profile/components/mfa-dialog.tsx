import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mfaCodeFormSchema, mfaPasswordFormSchema, type MfaCodeForm, type MfaPasswordForm, type MfaSetupResponse, type MfaStateResponse } from '@portal/contracts';
import { disableMfa, enableMfa, requestMfaChallenge, startMfaSetup } from '@portal/contracts/calls';
import { errorMessageOf, useCallMutation } from '@portal/data';
import { showAlert } from '@portal/ui';
import { FormTextField, PasswordField } from '@portal/ui/form';
import { FormDialogActions } from '@portal/ui/kit';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { QrCodeSvg } from './qr-code-svg';

export type MfaAction = { kind: 'enable'; method: 'email' | 'totp' } | { kind: 'disable' };

export type MfaDialogProps = {
  userId: string;
  action: MfaAction | null;
  onClose: () => void;
  onChanged: (state: MfaStateResponse) => void;
};

const TITLES = { email: 'Turn on codes by e-mail', totp: 'Turn on an authenticator app', disable: 'Turn off multi-factor authentication' };

/**
 * Two steps for every change: the current password (which also sends the e-mail code or creates
 * the authenticator secret), then the six-digit code that proves the second factor works.
 */
export function MfaDialog({ userId, action, onClose, onChanged }: MfaDialogProps) {
  const titleId = useId();
  const [setup, setSetup] = useState<MfaSetupResponse | null>(null);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const passwordForm = useForm<MfaPasswordForm>({ resolver: zodResolver(mfaPasswordFormSchema), mode: 'all', defaultValues: { currentPassword: '' } });
  const codeForm = useForm<MfaCodeForm>({ resolver: zodResolver(mfaCodeFormSchema), mode: 'all', defaultValues: { code: '' } });

  const close = () => {
    setSetup(null);
    setPassword('');
    setProblem(null);
    passwordForm.reset();
    codeForm.reset();
    onClose();
  };

  const title = action ? (action.kind === 'disable' ? TITLES.disable : TITLES[action.method]) : '';

  const showProblem = (error: Error) => setProblem(errorMessageOf(error));

  // Step 1: the password starts the enrolment (or asks for a code to turn it off).
  const start = useCallMutation(
    ({ change, currentPassword }: { change: MfaAction; currentPassword: string }) =>
      change.kind === 'enable' ? startMfaSetup(userId, { method: change.method, currentPassword }) : requestMfaChallenge(userId, { currentPassword }),
    {
      onSuccess: (next, { currentPassword }) => {
        setPassword(currentPassword);
        setSetup(next);
      },
      onError: showProblem,
    },
  );
  // Step 2: the code proves the second factor and makes the change.
  const finish = useCallMutation(
    ({ change, code }: { change: MfaAction; code: string }) =>
      change.kind === 'enable' ? enableMfa(userId, { method: change.method, currentPassword: password, code }) : disableMfa(userId, { currentPassword: password, code }),
    {
      onSuccess: (state) => {
        showAlert({ message: state.message, type: 'success' });
        onChanged(state);
        close();
      },
      onError: showProblem,
    },
  );

  const submitPassword = ({ currentPassword }: MfaPasswordForm) => {
    if (!action) return;
    setProblem(null);
    return start.mutateAsync({ change: action, currentPassword }).catch(() => undefined);
  };
  const submitCode = ({ code }: MfaCodeForm) => {
    if (!action || !setup) return;
    setProblem(null);
    return finish.mutateAsync({ change: action, code }).catch(() => undefined);
  };

  return (
    <Dialog open={action !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {!setup ? (
        <Stack component="form" noValidate onSubmit={passwordForm.handleSubmit(submitPassword)}>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography variant="body2">Confirm with your current password.</Typography>
              {problem ? <Alert severity="error">{problem}</Alert> : null}
              <FormTextField
                control={passwordForm.control}
                name="currentPassword"
                component={PasswordField}
                id="mfa-currentPassword"
                label="Current Password"
                autoComplete="current-password"
                autoFocus
              />
            </Stack>
          </DialogContent>
          <FormDialogActions onCancel={close} submitting={passwordForm.formState.isSubmitting}>
            Continue
          </FormDialogActions>
        </Stack>
      ) : (
        <Stack component="form" noValidate onSubmit={codeForm.handleSubmit(submitCode)}>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1, alignItems: 'stretch' }}>
              <Typography variant="body2">{setup.message}</Typography>
              {setup.otpauthUri ? (
                <Stack spacing={1} sx={{ alignItems: 'center' }}>
                  <QrCodeSvg value={setup.otpauthUri} label="QR code for your authenticator app" />
                  <Typography variant="caption" color="text.secondary">
                    Can&apos;t scan it? Enter this key:
                  </Typography>
                  <Typography component="code" data-testid="totp-secret" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', textAlign: 'center' }}>
                    {setup.secret}
                  </Typography>
                </Stack>
              ) : null}
              {problem ? <Alert severity="error">{problem}</Alert> : null}
              <FormTextField
                control={codeForm.control}
                name="code"
                id="mfa-code"
                label="Code"
                autoComplete="one-time-code"
                autoFocus
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                helperText="Six digits"
              />
            </Stack>
          </DialogContent>
          <FormDialogActions onCancel={close} submitting={codeForm.formState.isSubmitting}>
            {action?.kind === 'disable' ? 'Turn off' : 'Turn on'}
          </FormDialogActions>
        </Stack>
      )}
    </Dialog>
  );
}
