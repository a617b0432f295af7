import type { RegistryEntry } from './registry';

// Remote code runs with full rights in the portal's origin, so a remote entry is loaded only
// when it is pinned by an SRI hash and served from an allow-listed origin (fail closed).
export interface RemotePolicy {
  entries: Map<string, RegistryEntry>;
  /** Allowed origins, including the page's own. */
  allowedOrigins: Set<string>;
}

export function createRemotePolicy(entries: RegistryEntry[], extraOrigins: string[], pageOrigin: string): RemotePolicy {
  const allowedOrigins = new Set<string>([pageOrigin]);
  for (const origin of extraOrigins) {
    try {
      allowedOrigins.add(new URL(origin).origin);
    } catch {
      console.error(`allowedRemoteOrigins: "${origin}" is not a URL and is ignored`);
    }
  }
  return { entries: new Map(entries.map((e) => [e.name, e])), allowedOrigins };
}

export function absoluteUrl(url: string, base: string): string | null {
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}

/** Why a remote entry must not be loaded from `url`, or null when it may be. */
export function refusalReason(
  policy: RemotePolicy,
  remoteName: string,
  url: string,
  base: string,
): string | null {
  const entry = policy.entries.get(remoteName);
  if (!entry) return `Remote "${remoteName}" is not in the remotes registry.`;
  if (!entry.integrity) return `Remote "${remoteName}" has no integrity hash in the remotes registry and was not loaded.`;
  const target = absoluteUrl(url, base);
  if (!target) return `Remote "${remoteName}" has an invalid entry URL.`;
  if (!policy.allowedOrigins.has(new URL(target).origin)) {
    return `Remote "${remoteName}" comes from ${new URL(target).origin}, which is not an allowed origin, and was not loaded.`;
  }
  if (target !== absoluteUrl(entry.entry, base)) {
    return `Remote "${remoteName}" entry ${target} does not match the remotes registry.`;
  }
  return null;
}
