import { authStore } from '@portal/auth-bridge';
import { configureRequest } from '@portal/request';
import { restoreWhiteLabel } from '@portal/ui/base';
import { demoModeStore } from '../lib/demo-mode-store';
import { earlyOrFetch } from '../lib/federation/early-fetch';
import { registerRemotesWhenIdle } from '../lib/federation/federation-start';
import { fetchRegistry } from '../lib/federation/registry';
import { fetchRuntimeConfig } from '../lib/federation/runtime-config';
import { watchShellChoice } from '../lib/prerendered-page';

type BootOptions = {
  /** Where a 401 sends the user; the router navigates without a page reload. */
  onUnauthorized: () => void;
};

/**
 * Start-up: runtime config and remotes registry in parallel (both no-store), then the request
 * base, the remotes (registered when idle or with the first remote page), and the auth restore.
 * Neither file being down stops the portal: the host's own pages keep working and each remote
 * route shows its error panel.
 */
export async function boot({ onUnauthorized }: BootOptions): Promise<void> {
  const [config, registry] = await Promise.all([fetchRuntimeConfig(earlyOrFetch), fetchRegistry(earlyOrFetch)]);
  configureRequest({ baseUrl: config.apiBase, onUnauthorized });
  demoModeStore.getState().setDemo(config.demo);
  // Before restore(): the first remote page, which restore() may open, registers them at once.
  registerRemotesWhenIdle({ entries: registry, allowedRemoteOrigins: config.allowedRemoteOrigins, registryRefreshMs: config.registryRefreshMs });
  authStore.getState().restore();
  watchShellChoice();
  // Cached white-label data first (no flash of the default logo), refreshed for a restored session.
  restoreWhiteLabel();
}
