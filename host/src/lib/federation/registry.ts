// The remotes registry (/remotes.json): which version of each remote is live. It is read with
// no-store so a deploy or rollback (moving the pointer) takes effect on the next page load.
export interface RegistryEntry {
  name: string;
  version: string;
  /** URL of the version's remoteEntry.js (usually same-origin and relative). */
  entry: string;
  /** SRI hash of remoteEntry.js; a remote without one is refused. */
  integrity?: string;
  /** Earlier versions (newest first) the host may fall back to, integrity pinned by the server. */
  fallbacks?: RegistryFallback[];
}

export interface RegistryFallback {
  version: string;
  entry: string;
  integrity: string;
}

function parseFallbacks(raw: unknown): RegistryFallback[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((f) => {
    if (typeof f !== 'object' || f === null) return [];
    const { version, entry, integrity } = f as Record<string, unknown>;
    // A fallback without integrity could never be loaded (fail closed), so it is not kept.
    if (typeof version !== 'string' || typeof entry !== 'string' || typeof integrity !== 'string' || !integrity) return [];
    return [{ version, entry, integrity }];
  });
}

export const REGISTRY_URL = '/remotes.json';

// Parsed entry by entry so one malformed remote only takes itself down, not the whole portal.
export function parseRegistry(body: unknown): RegistryEntry[] {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { remotes?: unknown }).remotes)) {
    return [];
  }
  const entries: RegistryEntry[] = [];
  for (const raw of (body as { remotes: unknown[] }).remotes) {
    if (typeof raw !== 'object' || raw === null) continue;
    const { name, version, entry, integrity, fallbacks } = raw as Record<string, unknown>;
    if (typeof name !== 'string' || typeof entry !== 'string' || name.length === 0 || entry.length === 0) continue;
    entries.push({
      name,
      version: typeof version === 'string' ? version : '',
      entry,
      integrity: typeof integrity === 'string' && integrity.length > 0 ? integrity : undefined,
      ...(Array.isArray(fallbacks) ? { fallbacks: parseFallbacks(fallbacks) } : {}),
    });
  }
  return entries;
}

export async function fetchRegistry(fetchImpl: typeof fetch = fetch): Promise<RegistryEntry[]> {
  try {
    const response = await fetchImpl(REGISTRY_URL, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) {
      console.error(`${REGISTRY_URL} answered ${response.status}; no remote can be loaded`);
      return [];
    }
    return parseRegistry(await response.json());
  } catch (error) {
    console.error(`${REGISTRY_URL} could not be read; no remote can be loaded`, error);
    return [];
  }
}
