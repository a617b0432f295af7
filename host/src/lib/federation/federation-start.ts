import { whenIdle } from '../when-idle';
import { setPendingRegistration, type RemoteRegistration } from './pending-registration';

/** The host's remote loading (policy, integrity, fallbacks, reports): a chunk of its own. */
export const loadFederation = () => import('./federation');

/**
 * Start-up hands the registry over here instead of registering the remotes itself: the code that
 * registers and loads remotes is not needed to draw the first page (most often sign-in), so it
 * loads when the browser is idle, or earlier with the first remote page or navigation. Whichever
 * comes first, federation.ts registers what is pending as soon as it runs.
 */
export function registerRemotesWhenIdle(registration: RemoteRegistration): void {
  setPendingRegistration(registration);
  whenIdle(() => void loadFederation().then((federation) => federation.registerPending()));
}
