import fs from 'node:fs';
import path from 'node:path';
import { grafanaOrigin } from '@portal/api/src/metrics/metrics-options';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

export interface PortalSettings {
  port: number;
  host: string;
  repoRoot: string;
  dataDir: string;
  databaseUrl?: string;
  demo: boolean;
  hostDist: string;
  remotesDir: string;
  remoteStoreDir: string;
  /** REMOTE_STORE_URL=s3://bucket/prefix: version folders live in that bucket instead of remoteStoreDir. */
  s3RemoteStore?: S3StoreSettings;
  apiBase: string;
  allowedRemoteOrigins: string[];
  logLevel: string;
  /** How often an open page may re-read /remotes.json when the user navigates. */
  registryRefreshMs: number;
  /** Origin of GRAFANA_URL: the only origin the CSP lets the /grafana page frame. */
  grafanaOrigin?: string;
  /** PORTAL_PUBLIC_URL as a validated http(s) URL: an https one turns on Strict-Transport-Security. */
  publicUrl?: URL;
  /** TRUST_PROXY: which proxies' X-Forwarded-For to believe (none by default). */
  trustProxy: TrustProxy;
}

export interface S3StoreSettings {
  bucket: string;
  /** Key prefix without leading or trailing slash ('' for the bucket root). */
  prefix: string;
  /** S3_ENDPOINT: an S3-compatible service (MinIO, Ceph, R2...); unset means AWS. */
  endpoint?: string;
  region: string;
  /** Path-style addressing, which most S3-compatible services need; on by default with S3_ENDPOINT. */
  forcePathStyle: boolean;
}

/** Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles). */
export function parseS3StoreSettings(env: NodeJS.ProcessEnv): S3StoreSettings | undefined {
  const raw = env.REMOTE_STORE_URL;
  if (!raw) return undefined;
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(raw);
  if (!match) throw new Error(`REMOTE_STORE_URL must look like s3://bucket/prefix, got "${raw}"`);
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((part) => part === '..')) throw new Error(`REMOTE_STORE_URL must not contain "..": "${raw}"`);
  const endpoint = env.S3_ENDPOINT || undefined;
  return {
    bucket: match[1],
    prefix,
    endpoint,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== '0' : Boolean(endpoint),
  };
}

/** The workspace root is found by its pnpm-workspace.yaml, so `pnpm --filter` (which runs in the
 * package folder) still keeps data in the root's ./data as the README promises. */
export function findRepoRoot(from: string = __dirname): string {
  let dir = path.resolve(from);
  while (!fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No pnpm-workspace.yaml above ${from}`);
    dir = parent;
  }
  return dir;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0-65535, got "${raw}"`);
  return port;
}

// Each navigation may re-read the registry; once a minute keeps a busy portal's load negligible.
function parseRefresh(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 60_000;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`PORTAL_REGISTRY_REFRESH_MS must be a whole number of ms, got "${raw}"`);
  return ms;
}

function parsePublicUrl(raw: string | undefined): URL | undefined {
  if (!raw) return undefined;
  if (!URL.canParse(raw)) throw new Error(`PORTAL_PUBLIC_URL must be a valid URL, got "${raw}"`);
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`PORTAL_PUBLIC_URL must be an http or https URL, got "${raw}"`);
  return url;
}

// Demo mode ships known passwords and an outbox of codes: unless HOST says otherwise it is reachable
// from this machine only, so trying the portal never exposes it to the network.
function defaultHost(env: NodeJS.ProcessEnv): string {
  return env.PORTAL_DEMO !== '0' ? '127.0.0.1' : '0.0.0.0';
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): PortalSettings {
  const repoRoot = findRepoRoot();
  // A relative DATA_DIR means relative to where the user typed the command (INIT_CWD under pnpm).
  const dataDir = env.DATA_DIR
    ? path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR)
    : path.join(repoRoot, 'data');
  return {
    port: parsePort(env.PORT),
    host: env.HOST || defaultHost(env),
    repoRoot,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    demo: env.PORTAL_DEMO !== '0',
    hostDist: path.join(repoRoot, 'host', 'dist'),
    remotesDir: path.join(repoRoot, 'remotes'),
    remoteStoreDir: path.join(dataDir, 'remote-store'),
    s3RemoteStore: parseS3StoreSettings(env),
    apiBase: '/backend/',
    logLevel: env.LOG_LEVEL ?? 'info',
    registryRefreshMs: parseRefresh(env.PORTAL_REGISTRY_REFRESH_MS),
    allowedRemoteOrigins: (env.ALLOWED_REMOTE_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    grafanaOrigin: grafanaOrigin(env.GRAFANA_URL),
    publicUrl: parsePublicUrl(env.PORTAL_PUBLIC_URL),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}
