import { REGISTRY_PATH } from '@portal/config';
import type { RegistryEntry as ContractRegistryEntry, RegistryFallback } from '@portal/contracts';
// The remotes registry (/remotes.json): which version of each remote is live. It is read with
// no-store so a deploy or rollback (moving the pointer) takes effect on the next page load.
/**
 * A remote as the host keeps it: the shape of @portal/contracts' registry entry, read leniently so
 * one malformed remote only takes itself down. Its integrity may be missing here: such a remote is
 * then refused when it loads (fail closed) rather than left out of the menu.
 */
export type RegistryEntry = Omit<ContractRegistryEntry, 'integrity'> & { integrity?: string };
export type { RegistryFallback };

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

export const REGISTRY_URL = REGISTRY_PATH;

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
