import { authStore } from '@portal/auth-bridge';
import { paths } from '@portal/config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { boot } from './app/boot';
import { buildRoutes } from './app/routes';
import { registerFonts } from './app/register-fonts';

registerFonts();
const router = createBrowserRouter(buildRoutes());

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The loader shows until boot() has restored the session (isInitialized).
createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);

void boot({
  onUnauthorized: () => {
    authStore.getState().logout();
    void router.navigate(paths.login, { replace: true });
  },
});
