import net from 'node:net';

/** What Fastify's `trustProxy` takes from TRUST_PROXY: off, every hop, a hop count or trusted addresses. */
export type TrustProxy = boolean | number | string[];

// proxy-addr (Fastify's parser) knows these names for the usual private ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY. Unset or "false": no proxy is trusted, so X-Forwarded-For is ignored and the client
 * address is the socket's: a caller cannot pick the address rate limits and the audit log see.
 * "true" trusts every hop, a whole number trusts that many hops, and a comma-separated list trusts
 * those addresses or CIDR ranges.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    throw new Error(
      `TRUST_PROXY must be true, false, a hop count or a comma-separated list of IP addresses or CIDR ranges, got "${raw}" (not an address or range: ${bad.map((b) => `"${b}"`).join(', ')})`,
    );
  }
  return entries;
}

/**
 * The Fastify option. Fastify takes a hop count at run time, but its types do not list numbers, so
 * a count becomes the same rule as a function: trust the first `count` hops.
 */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}
