import { authStore } from '@portal/auth-bridge';
import { paths } from '@portal/config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { boot } from './app/boot';
import { navigateFromOutside } from './app/navigation-bridge';
import { registerFonts } from './lib/register-fonts';

registerFonts();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The loader shows until boot() has restored the session (isInitialized). A transition, so the first
// render is time-sliced rather than one task (see App's deferred readiness).
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  ),
);

void boot({
  onUnauthorized: () => {
    authStore.getState().logout();
    navigateFromOutside(paths.login, { replace: true });
  },
});
