import { errorMessageOf, unwrap } from '@portal/data';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '@portal/config';
import { resetPasswordFormSchema, type ResetPasswordForm } from '@portal/contracts';
import { resetPassword } from '@portal/contracts/calls';
import { showAlert } from '@portal/ui';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { isResetState, type ResetState } from '../lib/flow-state';
import { AuthCard } from './auth-card';
import { BackToSignInLink } from './back-to-sign-in-link';
import { NewPasswordFields } from './new-password-fields';

function ResetPasswordForm({ email, otp }: ResetState) {
  const navigate = useNavigate();
  const { control, handleSubmit, formState } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'all',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = async ({ password: newPassword }: ResetPasswordForm) => {
    try {
      const result = unwrap(await resetPassword({ email, otp, password: newPassword }));
      showAlert({ message: result.message, type: 'success' });
      // replace: the used code must not be one Back press away.
      navigate(paths.login, { replace: true });
    } catch (error) {
      showAlert({ message: errorMessageOf(error), type: 'error' });
    }
  };

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Reset password">
      <NewPasswordFields control={control} idPrefix="reset" passwordLabel="New Password" autoFocus />
      <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} fullWidth>
        Reset Password
      </Button>
    </Stack>
  );
}

/** /reset: step 3 of the reset flow; needs the e-mail and the verified code, else starts over at /forgot. */
export function ResetPasswordPage() {
  const state: unknown = useLocation().state;
  if (!isResetState(state)) return <Navigate to={paths.forgot} replace />;
  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password (8 to 20 characters)">
      <ResetPasswordForm email={state.email} otp={state.otp} />
      <Typography sx={{ textAlign: 'center' }}>
        <BackToSignInLink />
      </Typography>
    </AuthCard>
  );
}
