// @portal/m365-emulator: a loopback Microsoft Graph v1.0 + identity platform look-alike with a
// deterministic, lazily generated tenant, for the backup engine's demo and tests.
import type { AddressInfo } from 'node:net';
import type { ProviderApp } from './admin-consent';
import { TokenAuthority } from './auth';
import { Faults, type CorruptionRule, type FailureRule, type ThrottleRule } from './faults';
import { GraphLimits, minimumSeconds, type GraphLimitsConfig, type GraphLimitsUsage } from './graph-limits';
import { mutate, type MutationSummary } from './mutate';
import { createEmulatorServer, type EmulatorStats, type ServerState } from './server';
import { DEFAULT_SIZE, Tenant } from './tenant';
import { selfSignedCertificate, type TlsCertificate } from './tls';

export { Tenant, DEFAULT_SIZE } from './tenant';
export type { ThrottleRule, FailureRule, CorruptionRule } from './faults';
export { GRAPH_LIMITS, type GraphLimitsConfig, type GraphLimitsUsage } from './graph-limits';
export type { MutationSummary } from './mutate';
export type { EmulatorStats } from './server';
export type { ProviderApp } from './admin-consent';
export { OWN_APP_ROLES } from './identity';
export type { TlsCertificate } from './tls';

export interface EmulatorOptions {
  seed?: string | number;
  /** Approximate item count; default 20 000 (about 50 users). 1 000 000 works: items are generated on demand. */
  size?: number;
  /** Overrides the user count derived from size. */
  users?: number;
  /** How many of the users (the last ones) are shared mailboxes: no licence, sign-in blocked. Default 0. */
  sharedMailboxes?: number;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Access-token lifetime; default 3599 s like Entra ID. */
  tokenLifetimeSeconds?: number;
  /** When set, /_emulator/* requires the header `x-emulator-key`. */
  adminKey?: string;
  /**
   * Serve https: `true` makes a self-signed certificate at start (see `Emulator.certificate`), or pass a
   * certificate and key (PEM). Default plain http. Official clients (the Graph SDK, MSAL) need https.
   */
  tls?: boolean | TlsCertificate;
  /** Graph's documented service limits (graph-limits.ts): `true` for Graph's figures, or some overridden. Default off. */
  graphLimits?: boolean | Partial<GraphLimitsConfig>;
  /**
   * The backup provider's multi-tenant app registration: the tenant has not consented to it until an
   * administrator accepts at `{authorityUrl}/{tenant}/v2.0/adminconsent`; its tokens then carry its roles.
   */
  providerApp?: ProviderApp;
}

/** What a Graph client (or a tenant's stored connection) needs to reach this emulator. */
export interface EmulatorCredentials {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  graphBaseUrl: string;
  authorityUrl: string;
}

export interface Emulator {
  /** Graph base URL, e.g. http://127.0.0.1:4100/v1.0 (pass as graphBaseUrl). */
  url: string;
  /** Identity platform authority, e.g. http://127.0.0.1:4100 (token at {authority}/{tenant}/oauth2/v2.0/token). */
  authorityUrl: string;
  /** Admin endpoints: {adminUrl}/info, /mutate, /throttle, /failure, /revoke-tokens, /consent. */
  adminUrl: string;
  port: number;
  /** PEM of the certificate served over https (undefined over http): what a client trusts (`ca`, NODE_EXTRA_CA_CERTS). */
  certificate?: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  organizationName: string;
  domain: string;
  tenant: Tenant;
  /** tenantId, clientId, clientSecret, graphBaseUrl and authorityUrl together. */
  credentials: EmulatorCredentials;
  mutate(fraction: number): MutationSummary;
  /** Throttle matching requests with 429/503 + Retry-After; null clears. */
  setThrottle(rule: ThrottleRule | null): void;
  /** Fail matching requests (error status or dropped connection); null clears. */
  setFailure(rule: FailureRule | null): void;
  /** Serves matching downloads with wrong bytes (same length, so only a content hash tells); null clears. */
  setCorruption(rule: CorruptionRule | null): void;
  /** Invalidates every issued access token (clients must fetch a new one). */
  revokeTokens(): void;
  /**
   * Simulates an administrator removing the app's admin consent: the token endpoint answers
   * 400 invalid_grant AADSTS65001 and Graph calls with an earlier token 403 Authorization_RequestDenied.
   * Also POST {adminUrl}/consent {"granted": false}.
   */
  revokeConsent(): void;
  /** Consent granted again (the default). */
  grantConsent(): void;
  /** The app roles an administrator granted the provider's app at the admin consent endpoint; null before. */
  providerConsent(): string[] | null;
  /** Turns Graph's documented service limits on (`true` or some figures) or off (`false`). */
  setGraphLimits(limits: boolean | Partial<GraphLimitsConfig>): void;
  /** What the limits admitted since they were set (or since `reset`), and the least time they allow for it. */
  graphLimitsUsage(options?: { reset?: boolean }): (GraphLimitsUsage & { minimumSeconds: number }) | null;
  /** Invalidates every delta/skip token issued so far: the next call with one answers 410. */
  expireDeltaTokens(): void;
  stats(): EmulatorStats;
  stop(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const tenant = new Tenant({ seed: options.seed ?? 1, size: options.size ?? DEFAULT_SIZE, users: options.users, sharedMailboxes: options.sharedMailboxes });
  const faults = new Faults();
  const stats: EmulatorStats = { requests: 0, graphRequests: 0, graphHttpRequests: 0, tokenRequests: 0, discoveryRequests: 0, throttled: 0, failed: 0 };
  const host = options.host ?? '127.0.0.1';
  const tls = options.tls === true ? await selfSignedCertificate(host) : options.tls || undefined;
  const limits = new GraphLimits();
  if (options.graphLimits) limits.configure(options.graphLimits);
  const state: ServerState = { tenant, auth: new TokenAuthority(tenant, options.tokenLifetimeSeconds ?? 3599), faults, limits, stats, adminKey: options.adminKey, origin: '', tls, consentGranted: true, providerApp: options.providerApp, providerConsent: null };
  const server = createEmulatorServer(state);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  state.origin = `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const url = `${state.origin}/v1.0`;
  return {
    url,
    authorityUrl: state.origin,
    adminUrl: `${state.origin}/_emulator`,
    port,
    certificate: tls?.cert,
    tenantId: tenant.tenantId,
    clientId: tenant.clientId,
    clientSecret: tenant.clientSecret,
    organizationName: tenant.organizationName,
    domain: tenant.domain,
    tenant,
    credentials: { tenantId: tenant.tenantId, clientId: tenant.clientId, clientSecret: tenant.clientSecret, graphBaseUrl: url, authorityUrl: state.origin },
    mutate: (fraction) => mutate(tenant, fraction),
    setThrottle: (rule) => faults.setThrottle(rule),
    setFailure: (rule) => faults.setFailure(rule),
    setCorruption: (rule) => faults.setCorruption(rule),
    revokeTokens: () => state.auth.revokeAll(),
    revokeConsent: () => {
      state.consentGranted = false;
    },
    grantConsent: () => {
      state.consentGranted = true;
    },
    providerConsent: () => state.providerConsent,
    setGraphLimits: (value) => limits.configure(value),
    graphLimitsUsage: (usageOptions = {}) => {
      const config = limits.describe();
      if (!config) return null;
      const usage = limits.usageSoFar();
      if (usageOptions.reset) limits.resetUsage();
      return { ...usage, minimumSeconds: minimumSeconds(usage, config) };
    },
    expireDeltaTokens: () => {
      tenant.deltaGeneration += 1;
    },
    stats: () => ({ ...stats }),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
