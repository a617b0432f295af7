import net from 'node:net';

// How one variable's text becomes a setting. Each rule throws an Error that says what is wrong;
// readEnvSettings puts the variable's name in front of a message that starts with "must".

/** A TCP port; 0 asks the system for a free one. */
export function parsePort(raw: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`must be 0-65535, got "${raw}"`);
  return port;
}

export const isWholeMs = (ms: number): boolean => Number.isInteger(ms) && ms >= 0;

export function parseWholeMs(raw: string): number {
  const ms = Number(raw);
  if (!isWholeMs(ms)) throw new Error(`must be a whole number of ms, got "${raw}"`);
  return ms;
}

export function parsePositiveInteger(raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`must be a whole number above 0, got "${raw}"`);
  return value;
}

export function parsePositiveSeconds(raw: string): number {
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`must be a positive number of seconds, got "${raw}"`);
  return seconds;
}

/** Comma-separated values, trimmed; empty entries are dropped. */
export function parseList(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The portal's flags have always read this way: "0" turns one off, any other value leaves it on. */
export const offWhenZero = (raw: string): boolean => raw !== '0';

export function oneOf<const T extends string>(values: readonly T[]): (raw: string) => T {
  return (raw) => {
    if ((values as readonly string[]).includes(raw)) return raw as T;
    throw new Error(`must be one of ${values.join(', ')}, got "${raw}"`);
  };
}

export function parseHttpUrl(raw: string): URL {
  if (!URL.canParse(raw)) throw new Error(`must be a valid URL, got "${raw}"`);
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`must be an http or https URL, got "${raw}"`);
  return url;
}

export function checkJwtSecret(secret: string): string {
  if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  return secret;
}

export function checkMetricsToken(token: string): string {
  if (token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  return token;
}

/** MAIL_SENDER_DOMAINS: comma-separated, case-insensitive, exact domains (a subdomain is its own entry). */
export function parseSenderDomains(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/\.$/, ''))
    .filter(Boolean);
}

/** Where an s3://bucket/prefix variable (REMOTE_STORE_URL, BACKUP_BLOB_URL) puts its objects. */
export interface S3Location {
  bucket: string;
  /** Key prefix without leading or trailing slash ('' for the bucket root). */
  prefix: string;
}

/** Where REMOTE_STORE_URL=s3://bucket/prefix puts the remote store. */
export type RemoteStoreLocation = S3Location;

/** The parser of one s3://bucket/prefix variable; its errors name the variable. */
export function s3UrlParser(variable: string): (raw: string) => S3Location {
  return (raw) => {
    const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(raw);
    if (!match) throw new Error(`${variable} must look like s3://bucket/prefix, got "${raw}"`);
    const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
    if (prefix.split('/').some((part) => part === '..')) throw new Error(`${variable} must not contain "..": "${raw}"`);
    return { bucket: match[1], prefix };
  };
}

export const parseRemoteStoreUrl = s3UrlParser('REMOTE_STORE_URL');

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
