import { Suspense, type ComponentType, type ReactElement } from 'react';
import { PageLoader } from '../components/page-loader';
import { lazyExport } from '../lib/lazy-export';
import { preloadable } from '../lib/preloadable';
import { dashboardPageModule } from './dashboard-page-module';

// Sign-in is the first page most visits open: routes.tsx renders it directly, in the host's first
// chunk, without MUI. Every other host page is a chunk of its own, loaded when its route is opened
// (the dashboard's cards and charts are not needed to sign in, nor the account forms on the dashboard).
const RegisterPage = lazyExport(preloadable(() => import('../features/auth/components/register-page')), 'RegisterPage');
const ForgotPasswordPage = lazyExport(preloadable(() => import('../features/auth/components/forgot-password-page')), 'ForgotPasswordPage');
const CodeVerificationPage = lazyExport(preloadable(() => import('../features/auth/components/code-verification-page')), 'CodeVerificationPage');
const MfaVerificationPage = lazyExport(preloadable(() => import('../features/auth/components/mfa-verification-page')), 'MfaVerificationPage');
const ResetPasswordPage = lazyExport(preloadable(() => import('../features/auth/components/reset-password-page')), 'ResetPasswordPage');
const DashboardPage = lazyExport(dashboardPageModule, 'DashboardPage');

const loading = (Page: ComponentType) => (
  <Suspense fallback={<PageLoader />}>
    <Page />
  </Suspense>
);

/** Host-owned pages by the module name the route table gives them. */
export const HOST_PAGES: Readonly<Record<string, (title: string) => ReactElement>> = {
  './RegisterPage': () => loading(RegisterPage),
  './ForgotPasswordPage': () => loading(ForgotPasswordPage),
  './CodeVerificationPage': () => loading(CodeVerificationPage),
  './MfaVerificationPage': () => loading(MfaVerificationPage),
  './ResetPasswordPage': () => loading(ResetPasswordPage),
  './DashboardPage': () => loading(DashboardPage),
};
