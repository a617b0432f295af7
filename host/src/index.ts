import { REGISTRY_PATH, RUNTIME_CONFIG_PATH } from '@portal/config';
import { fetchEarly } from './lib/federation/early-fetch';

// boot() needs both files before the first page shows: ask for them while the scripts download.
fetchEarly([RUNTIME_CONFIG_PATH, REGISTRY_PATH]);

// Async boundary: the shared singletons are negotiated before any app code runs.
import('./bootstrap');
