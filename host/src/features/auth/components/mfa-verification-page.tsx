import { errorMessageOf, unwrap } from '@portal/data';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { clearServiceToken, isSessionUser, setSessionUser, type SessionUser } from '@portal/auth-bridge';
import { paths } from '@portal/config';
import type { CodeForm as CodeFormValues, MfaMethod } from '@portal/contracts';
import { resendMfaCode, validateOtp } from '@portal/contracts/calls';
import { showAlert } from '@portal/ui';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { completeLogin } from '../lib/complete-login';
import { toSessionUser } from '../lib/to-session-user';
import { AuthCard } from './auth-card';
import { CodeForm } from './code-form';

type MfaState = SessionUser & { mfaMethod?: MfaMethod };

/** Where the code went, so the user knows where to look. */
function destination(state: MfaState): string {
  if (state.mfaMethod === 'totp') return 'Enter the 6-digit code from your authenticator app.';
  return `We sent a 6-digit code to ${state.email}. Enter it below.`;
}

function MfaVerificationForm({ pending }: { pending: MfaState }) {
  const navigate = useNavigate();
  const user = toSessionUser(pending);

  // Spec section 4, MFA verification.
  const onVerify = async ({ otp }: CodeFormValues) => {
    let result;
    try {
      result = unwrap(await validateOtp({ userId: user.userId, otp }));
    } catch (error) {
      showAlert({ message: errorMessageOf(error), type: 'error' });
      return;
    }
    showAlert({ message: result.message, type: 'success' });
    setSessionUser(user);
    await completeLogin(user, navigate);
  };

  // The MFA-pending token is good for nothing else; drop it so a half-finished sign-in leaves no trace.
  const backToSignIn = () => {
    clearServiceToken();
    navigate(paths.login, { replace: true });
  };

  return (
    <>
      <Typography sx={{ textAlign: 'center' }}>{destination(pending)}</Typography>
      <CodeForm
        id="mfa-otp"
        onVerify={onVerify}
        onResend={pending.mfaMethod === 'totp' ? undefined : () => resendMfaCode(user.userId)}
        back={
          <Link component="button" type="button" onClick={backToSignIn}>
            Back to sign in
          </Link>
        }
      />
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
