import { useAuth } from '@portal/auth-bridge';
import { paths } from '@portal/config';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

/** Protected routes: a signed-out user goes to the login page. */
export function AuthGuard() {
  const isLoggedIn = useAuth((s) => s.isLoggedIn);
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
