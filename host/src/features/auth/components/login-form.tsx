import { setServiceToken, setSessionUser, type SessionUser } from '@portal/auth-bridge';
import { paths } from '@portal/config';
import { signin } from '@portal/contracts/first-page-calls';
import { errorMessageOf, unwrap } from '@portal/request';
import { showAlert } from '@portal/ui/base';
import { useNavigate } from 'react-router-dom';
import { completeLogin } from '../lib/complete-login';
import { useLoginForm } from '../hooks/use-login-form';
import type { LoginFormValues } from '../lib/login-validation';
import { toSessionUser } from '../lib/to-session-user';
import { LoginField } from './login-field';

// The prerendered page's form and fields carry these ids too: the app's take their input when it takes over (lib/prerendered-page.ts).
const USERNAME_ID = 'login-username';
const PASSWORD_ID = 'login-password';
const FORM_ID = 'login-form';

type SigninResult = Partial<SessionUser> & { accessToken?: string; mfaMethod?: string };

/**
 * The sign-in form in plain elements (see login-page.tsx). A server error goes to the app-wide alert
 * (showAlert), which loads its MUI view with the first message.
 */
export function LoginForm({ prerendered = false }: { prerendered?: boolean }) {
  const navigate = useNavigate();
  // Spec section 4, login flow, step by step.
  const signIn = async (values: LoginFormValues) => {
    try {
      const result = unwrap(await signin(values)) as SigninResult;
      if (result.accessToken) setServiceToken(result.accessToken);
      const user = toSessionUser(result as SessionUser);
      if (result.mfa) {
        // The summary (spec section 2), plus where the code went when the server says so.
        const state = result.mfaMethod ? { ...user, mfaMethod: result.mfaMethod } : user;
        navigate(paths.mfaVerification, { replace: true, state });
        return;
      }
      setSessionUser(user);
      await completeLogin(user, navigate);
    } catch (error) {
      showAlert({ message: errorMessageOf(error), type: 'error' });
    }
  };
  const { field, onSubmit, isSubmitting } = useLoginForm(signIn);

  return (
    <form id={FORM_ID} className="pl-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Sign in">
      {/* Each field reserves a line for its error: one appearing on blur must not move the links
          below, or the click that caused the blur lands on empty space. */}
      <LoginField {...field('username')} id={USERNAME_ID} label="Username" autoComplete="username" autoFocus />
      <LoginField {...field('password')} id={PASSWORD_ID} label="Password" type="password" autoComplete="current-password" />
      {/* Prerendered, the form has no script to send it: a button that submits nothing keeps Enter and
          clicks from reloading the page (and losing what was typed) before the app takes over. */}
      <button type={prerendered ? 'button' : 'submit'} className="pl-button" disabled={isSubmitting}>
        Sign In
      </button>
    </form>
  );
}
