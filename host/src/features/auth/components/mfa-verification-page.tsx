import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Link, Stack, Typography } from '@mui/material';
import { clearServiceToken, isSessionUser, setSessionUser, type SessionUser } from '@portal/auth-bridge';
import { paths } from '@portal/config';
import { codeFormSchema, type CodeForm, type MfaMethod } from '@portal/contracts';
import { resendMfaCode, validateOtp } from '@portal/contracts/calls';
import { showAlert } from '@portal/ui';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { completeLogin } from '../lib/complete-login';
import { toSessionUser } from '../lib/to-session-user';
import { AuthCard } from './auth-card';
import { OtpField } from './otp-field';

type MfaState = SessionUser & { mfaMethod?: MfaMethod };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Where the code went, so the user knows where to look. */
function destination(state: MfaState): string {
  if (state.mfaMethod === 'totp') return 'Enter the 6-digit code from your authenticator app.';
  return `We sent a 6-digit code to ${state.email}. Enter it below.`;
}

function MfaVerificationForm({ pending }: { pending: MfaState }) {
  const navigate = useNavigate();
  const [resending, setResending] = useState(false);
  const user = toSessionUser(pending);
  const { control, handleSubmit, formState } = useForm<CodeForm>({
    resolver: zodResolver(codeFormSchema),
    mode: 'all',
    defaultValues: { otp: '' },
  });

  // Spec section 4, MFA verification.
  const onSubmit = async ({ otp }: CodeForm) => {
    try {
      const result = await validateOtp({ userId: user.userId, otp });
      if ('errorMessage' in result && result.errorMessage !== undefined) {
        showAlert({ message: result.errorMessage, type: 'error' });
        return;
      }
      showAlert({ message: result.message, type: 'success' });
      setSessionUser(user);
      await completeLogin(user, navigate);
    } catch (error) {
      showAlert({ message: errorText(error), type: 'error' });
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      const result = await resendMfaCode(user.userId);
      if ('errorMessage' in result && result.errorMessage !== undefined) showAlert({ message: result.errorMessage, type: 'error' });
      else showAlert({ message: result.message, type: 'info' });
    } catch (error) {
      showAlert({ message: errorText(error), type: 'error' });
    } finally {
      setResending(false);
    }
  };

  // The MFA-pending token is good for nothing else; drop it so a half-finished sign-in leaves no trace.
  const backToSignIn = () => {
    clearServiceToken();
    navigate(paths.login, { replace: true });
  };

  return (
    <>
      <Typography sx={{ textAlign: 'center' }}>{destination(pending)}</Typography>
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Verify code">
        <Controller
          name="otp"
          control={control}
          render={({ field: { ref, ...field }, fieldState }) => (
            <OtpField
              {...field}
              inputRef={ref}
              id="mfa-otp"
              label="Verification code"
              autoFocus
              fullWidth
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} fullWidth>
          Verify
        </Button>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Link component="button" type="button" onClick={backToSignIn}>
          Back to sign in
        </Link>
        {pending.mfaMethod === 'totp' ? null : (
          <Button onClick={() => void resend()} disabled={resending}>
            Resend code
          </Button>
        )}
      </Stack>
    </>
  );
}

/** /mfa-verification: receives the user summary as navigation state (spec section 2); without it, back to sign in. */
export function MfaVerificationPage() {
  const state: unknown = useLocation().state;
  if (!isSessionUser(state)) return <Navigate to={paths.login} replace />;
  return (
    <AuthCard title="MFA Verification" subtitle="Two-step verification">
      <MfaVerificationForm pending={state as MfaState} />
    </AuthCard>
  );
}
