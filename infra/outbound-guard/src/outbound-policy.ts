import dns from 'node:dns';
import net from 'node:net';
import { addCidr, canonicalAddress, inNetworks, isPublicAddress } from './address-ranges';
import { CONTENT_HOST_SUFFIXES, GRAPH_HOSTS, SIGNIN_HOSTS } from './microsoft-endpoints';

/**
 * What a URL is for: a tenant's Graph base URL, its authority (token) URL, any call to the allowed
 * origins, or an organisation's webhook (any https host, still only at public addresses).
 */
export type EndpointRole = 'graph' | 'signin' | 'any' | 'webhook';

/** Marks a refusal so callers can tell it from a network failure (and never retry it). */
export const OUTBOUND_REFUSED = 'OUTBOUND_REFUSED';

export class OutboundRefusedError extends Error {
  readonly code = OUTBOUND_REFUSED;
  constructor(readonly host: string) {
    super(`${host} is not an allowed Microsoft 365 endpoint`);
    this.name = 'OutboundRefusedError';
  }
}

export function isOutboundRefusal(error: unknown): error is OutboundRefusedError {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === OUTBOUND_REFUSED;
}

export interface OutboundPolicyOptions {
  /**
   * More origins the server may call besides Microsoft's (OUTBOUND_ALLOWED_ORIGINS), such as an
   * emulator: "http://127.0.0.1:4100", "https://*.example.test". Server configuration only.
   */
  origins?: string[];
  /**
   * Loopback, private or link-local networks that may be reached (OUTBOUND_ALLOWED_NETWORKS), as
   * addresses or CIDR ranges. Without them a name that resolves into such a network is refused.
   */
  networks?: string[];
}

interface OriginRule {
  protocol: string;
  /** Exact host, or a suffix starting with "." for "*.example.com". */
  host: string;
  wildcard: boolean;
  port: string;
  roles: ReadonlySet<EndpointRole>;
}

const ALL_ROLES: ReadonlySet<EndpointRole> = new Set(['graph', 'signin', 'any', 'webhook']);
const microsoft = (host: string, roles: EndpointRole[]): OriginRule => ({
  protocol: 'https:',
  host,
  wildcard: host.startsWith('.'),
  port: '',
  roles: new Set([...roles, 'any']),
});

/** Parses "scheme://host[:port]" (host may be "*.domain"); throws with the offending text. */
function parseOriginRule(text: string): OriginRule {
  const trimmed = text.trim();
  const wildcard = /^(https?):\/\/\*\./i.exec(trimmed);
  let url: URL;
  try {
    url = new URL(wildcard ? trimmed.replace('*.', 'wildcard.') : trimmed);
  } catch {
    throw new Error(`"${text}" is not an origin such as https://host:port`);
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new Error(`"${text}" is not an origin such as https://host:port`);
  }
  const host = wildcard ? url.hostname.slice('wildcard'.length) : url.hostname;
  return { protocol: url.protocol, host, wildcard: Boolean(wildcard), port: url.port, roles: ALL_ROLES };
}

function matches(rule: OriginRule, url: URL, role: EndpointRole): boolean {
  if (!rule.roles.has(role) || rule.protocol !== url.protocol || rule.port !== url.port) return false;
  const host = url.hostname.toLowerCase();
  return rule.wildcard ? host.endsWith(rule.host) && host.length > rule.host.length : host === rule.host;
}

/** Decisions kept per role and origin; past this many (webhooks may name any host) the cache starts over. */
const DECISION_CACHE_SIZE = 256;

/**
 * The one rule for every call the server makes to another host: Microsoft's Graph, sign-in and
 * content hosts by default, more origins only from server configuration, and never an address
 * off the public internet unless its network is configured. A request can never widen it.
 */
export class OutboundPolicy {
  private readonly rules: OriginRule[];
  private readonly networks = new net.BlockList();
  /**
   * allows() per role and origin (scheme, host, port: all the rules and the literal address check
   * read). A backup asks for every request, and the rules and range checks cost about 3% of its CPU.
   * Addresses a name resolves to are still checked on every connect (lookup).
   */
  private readonly decisions = new Map<string, boolean>();

  constructor(options: OutboundPolicyOptions = {}) {
    this.rules = [
      ...GRAPH_HOSTS.map((host) => microsoft(host, ['graph'])),
      ...SIGNIN_HOSTS.map((host) => microsoft(host, ['signin'])),
      ...CONTENT_HOST_SUFFIXES.map((suffix) => microsoft(suffix, [])),
      ...(options.origins ?? []).map(parseOriginRule),
    ];
    for (const network of options.networks ?? []) addCidr(this.networks, network);
  }

  /**
   * Lets the server reach an origin it started itself (the demo's in-process emulator) and the
   * network it listens on. Server code only: never pass anything a request carried.
   */
  allowOrigin(origin: string, network?: string): void {
    this.rules.push(parseOriginRule(origin));
    if (network) addCidr(this.networks, network);
    this.decisions.clear();
  }

  /** True when the URL may be used for the role (name and port only; addresses are checked on connect). */
  allows(url: string | URL, role: EndpointRole = 'any'): boolean {
    let parsed: URL;
    try {
      parsed = typeof url === 'string' ? new URL(url) : url;
    } catch {
      return false;
    }
    if (parsed.username || parsed.password) return false;
    const key = `${role} ${parsed.protocol}//${parsed.host}`;
    let allowed = this.decisions.get(key);
    if (allowed === undefined) {
      allowed = this.originAllowed(parsed, role);
      if (this.decisions.size >= DECISION_CACHE_SIZE) this.decisions.clear();
      this.decisions.set(key, allowed);
    }
    return allowed;
  }

  /** The rules and the literal address check: they read the URL's scheme, host and port only. */
  private originAllowed(parsed: URL, role: EndpointRole): boolean {
    // A webhook may name any https host (its owner chose it); the address rule below still holds.
    const anyHttps = role === 'webhook' && parsed.protocol === 'https:';
    if (!anyHttps && !this.rules.some((rule) => matches(rule, parsed, role))) return false;
    // An address literal is never looked up, so it is judged here.
    const literal = canonicalAddress(parsed.hostname);
    return literal === null || this.addressAllowed(literal.address);
  }

  /** Throws OutboundRefusedError unless the URL may be used for the role. */
  assertAllowed(url: string | URL, role: EndpointRole = 'any'): void {
    if (!this.allows(url, role)) throw new OutboundRefusedError(hostOf(url));
  }

  addressAllowed(address: string): boolean {
    return isPublicAddress(address) || inNetworks(this.networks, address);
  }

  /**
   * A dns.lookup replacement for sockets: the name is resolved once and every address it gives
   * must be allowed, so a name that points (or rebinds) into a private network is refused on the
   * very connection that would use it.
   */
  readonly lookup = (hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || !list.every((entry) => this.addressAllowed(entry.address))) {
        return callback(new OutboundRefusedError(hostname));
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

function hostOf(url: string | URL): string {
  try {
    return (typeof url === 'string' ? new URL(url) : url).host || 'This address';
  } catch {
    return 'This address';
  }
}
