import { REGISTRY_PATH, RUNTIME_CONFIG_PATH, storageKeys } from '@portal/config';
import { preloadSignedInPage } from './app/signed-in-modules';
import { fetchEarly } from './lib/federation/early-fetch';

// boot() needs both files before the first page shows: ask for them while the scripts download.
fetchEarly([RUNTIME_CONFIG_PATH, REGISTRY_PATH]);
// And a signed-in visit the chunks of its shell (their shared modules wait for the negotiation below).
if (window.localStorage.getItem(storageKeys.serviceToken)) preloadSignedInPage(window.location.pathname);

// Async boundary: the shared singletons are negotiated before any app code runs.
import('./bootstrap');
