import type { ReactElement } from 'react';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { CodeVerificationPage } from '../features/auth/components/code-verification-page';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { LoginPage } from '../features/auth/components/login-page';
import { MfaVerificationPage } from '../features/auth/components/mfa-verification-page';
import { RegisterPage } from '../features/auth/components/register-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';

/** Host-owned pages by the module name the route table gives them. */
export const HOST_PAGES: Readonly<Record<string, (title: string) => ReactElement>> = {
  './LoginPage': () => <LoginPage />,
  './RegisterPage': () => <RegisterPage />,
  './ForgotPasswordPage': () => <ForgotPasswordPage />,
  './CodeVerificationPage': () => <CodeVerificationPage />,
  './MfaVerificationPage': () => <MfaVerificationPage />,
  './ResetPasswordPage': () => <ResetPasswordPage />,
  './DashboardPage': () => <DashboardPage />,
};
