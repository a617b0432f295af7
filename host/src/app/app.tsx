import { useAuth } from '@portal/auth-bridge';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { FullScreenLoader } from '../components/full-screen-loader';
import { AppProviders } from './app-providers';

type Router = ReturnType<typeof createBrowserRouter>;

export function App({ router }: { router: Router }) {
  const isInitialized = useAuth((s) => s.isInitialized);
  return <AppProviders>{isInitialized ? <RouterProvider router={router} /> : <FullScreenLoader />}</AppProviders>;
}
