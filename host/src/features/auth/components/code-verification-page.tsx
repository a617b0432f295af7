import { errorMessageOf, unwrap } from '@portal/data';
import Typography from '@mui/material/Typography';
import { paths } from '@portal/config';
import type { CodeForm as CodeFormValues } from '@portal/contracts';
import { forgot, validateResetOtp } from '@portal/contracts/calls';
import { showAlert } from '@portal/ui';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { isCodeVerificationState, type ResetState } from '../lib/flow-state';
import { AuthCard } from './auth-card';
import { BackToSignInLink } from './back-to-sign-in-link';
import { CodeForm } from './code-form';

function CodeVerificationForm({ email }: { email: string }) {
  const navigate = useNavigate();

  const onVerify = async ({ otp }: CodeFormValues) => {
    try {
      unwrap(await validateResetOtp({ email, otp }));
    } catch (error) {
      showAlert({ message: errorMessageOf(error), type: 'error' });
      return;
    }
    // The check does not consume the code; /reset sends it again with the new password.
    const state: ResetState = { email, otp };
    navigate(paths.reset, { state, replace: true });
  };

  return (
    <>
      <Typography sx={{ textAlign: 'center' }}>If an account exists for {email}, we sent it a 6-digit code. Enter it below.</Typography>
      <CodeForm
        id="reset-otp"
        onVerify={onVerify}
        // A new code comes from asking again (spec: the reset flow has no separate resend call).
        onResend={() => forgot({ email })}
        back={<BackToSignInLink />}
      />
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
