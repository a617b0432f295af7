import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Link, Stack, Typography } from '@mui/material';
import { paths } from '@portal/config';
import { codeFormSchema, type CodeForm } from '@portal/contracts';
import { forgot, validateResetOtp } from '@portal/contracts/calls';
import { showAlert } from '@portal/ui';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { isCodeVerificationState, type ResetState } from '../lib/flow-state';
import { AuthCard } from './auth-card';
import { OtpField } from './otp-field';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function CodeVerificationForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const [resending, setResending] = useState(false);
  const { control, handleSubmit, formState } = useForm<CodeForm>({
    resolver: zodResolver(codeFormSchema),
    mode: 'all',
    defaultValues: { otp: '' },
  });

  const onSubmit = async ({ otp }: CodeForm) => {
    try {
      const result = await validateResetOtp({ email, otp });
      if ('errorMessage' in result && result.errorMessage !== undefined) {
        showAlert({ message: result.errorMessage, type: 'error' });
        return;
      }
      // The check does not consume the code; /reset sends it again with the new password.
      const state: ResetState = { email, otp };
      navigate(paths.reset, { state, replace: true });
    } catch (error) {
      showAlert({ message: errorText(error), type: 'error' });
    }
  };

  // A new code comes from asking again (spec: the reset flow has no separate resend call).
  const resend = async () => {
    setResending(true);
    try {
      const result = await forgot({ email });
      if ('errorMessage' in result && result.errorMessage !== undefined) showAlert({ message: result.errorMessage, type: 'error' });
      else showAlert({ message: result.message, type: 'info' });
    } catch (error) {
      showAlert({ message: errorText(error), type: 'error' });
    } finally {
      setResending(false);
    }
  };

  return (
    <>
      <Typography sx={{ textAlign: 'center' }}>If an account exists for {email}, we sent it a 6-digit code. Enter it below.</Typography>
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Verify code">
        <Controller
          name="otp"
          control={control}
          render={({ field: { ref, ...field }, fieldState }) => (
            <OtpField
              {...field}
              inputRef={ref}
              id="reset-otp"
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
        <Link component={RouterLink} to={paths.login}>
          Back to sign in
        </Link>
        <Button onClick={() => void resend()} disabled={resending}>
          Resend code
        </Button>
      </Stack>
    </>
  );
}

/** /code-verification: step 2 of the reset flow; needs the e-mail from /forgot, else starts over there. */
export function CodeVerificationPage() {
  const state: unknown = useLocation().state;
  if (!isCodeVerificationState(state)) return <Navigate to={paths.forgot} replace />;
  return (
    <AuthCard title="Code Verification" subtitle="Check your e-mail">
      <CodeVerificationForm email={state.email} />
    </AuthCard>
  );
}
