import { Suspense, lazy, type ComponentType, type ReactElement } from 'react';
import { PageLoader } from '../components/page-loader';

// Sign-in is the first page most visits open: routes.tsx renders it directly, in the host's first
// chunk, without MUI. Every other host page is a chunk of its own, loaded when its route is opened
// (the dashboard's cards and charts are not needed to sign in, nor the account forms on the dashboard).
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): ComponentType {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}

const RegisterPage = lazyPage(() => import('../features/auth/components/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/components/forgot-password-page'), 'ForgotPasswordPage');
const CodeVerificationPage = lazyPage(() => import('../features/auth/components/code-verification-page'), 'CodeVerificationPage');
const MfaVerificationPage = lazyPage(() => import('../features/auth/components/mfa-verification-page'), 'MfaVerificationPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/components/reset-password-page'), 'ResetPasswordPage');
const DashboardPage = lazyPage(() => import('../features/dashboard/components/dashboard-page'), 'DashboardPage');

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
