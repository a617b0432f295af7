import type { ReactElement } from 'react';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { LoginPage } from '../features/auth/components/login-page';
import { PublicPlaceholderPage } from '../features/auth/components/public-placeholder-page';

/** Host-owned pages by the module name the route table gives them. */
export const HOST_PAGES: Readonly<Record<string, (title: string) => ReactElement>> = {
  './LoginPage': () => <LoginPage />,
  './RegisterPage': (title) => <PublicPlaceholderPage title={title} />,
  './ForgotPasswordPage': (title) => <PublicPlaceholderPage title={title} />,
  './CodeVerificationPage': (title) => <PublicPlaceholderPage title={title} />,
  './MfaVerificationPage': (title) => <PublicPlaceholderPage title={title} />,
  './ResetPasswordPage': (title) => <PublicPlaceholderPage title={title} />,
  './DashboardPage': () => <DashboardPage />,
};
