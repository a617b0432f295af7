import { DEFAULT_API_BASE, RUNTIME_CONFIG_PATH } from '@portal/config';

export interface RuntimeConfig {
  apiBase: string;
  /** Origins (besides the page's own) that remote entries may be loaded from. */
  allowedRemoteOrigins: string[];
  /** Minimum time between two re-reads of /remotes.json triggered by navigation. */
  registryRefreshMs: number;
  /** The server runs in demo mode (PORTAL_DEMO): sample data and known passwords, e-mail kept in the outbox. */
  demo: boolean;
}

export const DEFAULT_REGISTRY_REFRESH_MS = 60_000;

export const RUNTIME_CONFIG_URL = RUNTIME_CONFIG_PATH;

// A missing or broken runtime config must not stop the portal: the production default applies.
export async function fetchRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const fallback: RuntimeConfig = { apiBase: DEFAULT_API_BASE, allowedRemoteOrigins: [], registryRefreshMs: DEFAULT_REGISTRY_REFRESH_MS, demo: false };
  try {
    const response = await fetchImpl(RUNTIME_CONFIG_URL, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) return fallback;
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return fallback;
    const { apiBase, allowedRemoteOrigins, registryRefreshMs, demo } = body as Record<string, unknown>;
    return {
      apiBase: typeof apiBase === 'string' && apiBase.length > 0 ? apiBase : DEFAULT_API_BASE,
      allowedRemoteOrigins: Array.isArray(allowedRemoteOrigins)
        ? allowedRemoteOrigins.filter((o): o is string => typeof o === 'string')
        : [],
      registryRefreshMs:
        typeof registryRefreshMs === 'number' && registryRefreshMs >= 0 ? registryRefreshMs : DEFAULT_REGISTRY_REFRESH_MS,
      demo: demo === true,
    };
  } catch (error) {
    console.error('runtime-config.json could not be read; using defaults', error);
    return fallback;
  }
}
