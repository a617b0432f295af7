import { errorMessageOf, unwrap } from '@portal/data';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '@portal/config';
import { forgotFormSchema, type ForgotForm } from '@portal/contracts';
import { forgot } from '@portal/contracts/calls';
import { showAlert } from '@portal/ui';
import { FormTextField } from '@portal/ui/form';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { CodeVerificationState } from '../lib/flow-state';
import { AuthCard } from './auth-card';
import { BackToSignInLink } from './back-to-sign-in-link';

/** /forgot: step 1 of the reset flow. The server answers the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { control, handleSubmit, formState } = useForm<ForgotForm>({
    resolver: zodResolver(forgotFormSchema),
    mode: 'all',
    defaultValues: { email: '' },
  });

  const onSubmit = async ({ email }: ForgotForm) => {
    try {
      const result = unwrap(await forgot({ email }));
      showAlert({ message: result.message, type: 'info' });
      const state: CodeVerificationState = { email };
      navigate(paths.codeVerification, { state });
    } catch (error) {
      showAlert({ message: errorMessageOf(error), type: 'error' });
    }
  };

  return (
    <AuthCard title="Forgot Password" subtitle="Enter your e-mail address and we will send you a verification code">
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Forgot password">
        <FormTextField control={control} name="email" id="forgot-email" label="Email" type="email" autoComplete="email" autoFocus />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} fullWidth>
          Send Code
        </Button>
      </Stack>
      <Typography sx={{ textAlign: 'center' }}>
        <BackToSignInLink />
      </Typography>
    </AuthCard>
  );
}
