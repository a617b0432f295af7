import { useAuth } from '@portal/auth-bridge';
import { paths } from '@portal/config';
import { Navigate, Outlet } from 'react-router-dom';

/** Public routes: a user who is already logged in goes to the dashboard. */
export function GuestGuard() {
  const isLoggedIn = useAuth((s) => s.isLoggedIn);
  if (isLoggedIn) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
