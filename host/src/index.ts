import { REGISTRY_PATH, RUNTIME_CONFIG_PATH, storageKeys } from '@portal/config';
import { preloadSignedInPage } from './app/signed-in-modules';
import { fetchEarly } from './lib/federation/early-fetch';

// boot() needs both files before the first page shows: ask for them while the scripts download.
fetchEarly([RUNTIME_CONFIG_PATH, REGISTRY_PATH]);

// Async boundary: the shared singletons are negotiated before any app code runs. In a task of its
// own: the import inserts the bootstrap's chunks and negotiates their shared modules, which after
// the entry's own evaluation (Module Federation's runtime) made one long task on a phone.
setTimeout(() => void import('./bootstrap'), 0);

// A signed-in visit: the chunks of its shell (their shared modules wait for the negotiation above), in
// tasks after the bootstrap's. (ICU, which its dates need, was started on a worker by the page's first
// script: shared/mf-build's intl-warm.cjs.)
if (window.localStorage.getItem(storageKeys.serviceToken)) preloadSignedInPage(window.location.pathname);
