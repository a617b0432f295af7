import { DEFAULT_API_BASE } from '@portal/config';
import fs from 'node:fs';
import path from 'node:path';
import { readEnvSettings, s3Bucket, type EnvInput, type EnvSettings, type S3BucketSettings, type TrustProxy } from '@portal/settings';

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
  /** PORTAL_PRECOMPRESS_CACHE_DIR; unset, precompress.ts keeps its cache under node_modules. */
  precompressCacheDir?: string;
  /** The parsed environment these were derived from: what the API, the CLI and the backup engine read. */
  env: EnvSettings;
}

/** The remote store's bucket and the S3 connection every bucket of the portal shares (@portal/settings). */
export type S3StoreSettings = S3BucketSettings;

/** Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles). */
function s3StoreSettings(env: EnvSettings): S3StoreSettings | undefined {
  return s3Bucket(env.REMOTE_STORE_URL, env);
}

/** The S3 store of an environment (REMOTE_STORE_URL and the S3_* variables), undefined without a bucket. */
export function parseS3StoreSettings(env: EnvInput): S3StoreSettings | undefined {
  return s3StoreSettings(readEnvSettings(env));
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

/** The portal server's and the CLI's settings, derived from the parsed environment (readEnvSettings). */
export function portalSettings(env: EnvSettings): PortalSettings {
  const repoRoot = findRepoRoot();
  // A relative DATA_DIR means relative to where the user typed the command (INIT_CWD under pnpm).
  const dataDir = env.DATA_DIR ? path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR) : path.join(repoRoot, 'data');
  return {
    port: env.PORT,
    // Demo mode ships known passwords and an outbox of codes: unless HOST says otherwise it is
    // reachable from this machine only, so trying the portal never exposes it to the network.
    host: env.HOST ?? (env.PORTAL_DEMO ? '127.0.0.1' : '0.0.0.0'),
    repoRoot,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    demo: env.PORTAL_DEMO,
    hostDist: path.join(repoRoot, 'host', 'dist'),
    remotesDir: path.join(repoRoot, 'remotes'),
    remoteStoreDir: path.join(dataDir, 'remote-store'),
    s3RemoteStore: s3StoreSettings(env),
    apiBase: DEFAULT_API_BASE,
    logLevel: env.LOG_LEVEL,
    registryRefreshMs: env.PORTAL_REGISTRY_REFRESH_MS,
    allowedRemoteOrigins: env.ALLOWED_REMOTE_ORIGINS,
    grafanaOrigin: env.GRAFANA_URL?.origin,
    publicUrl: env.PORTAL_PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    precompressCacheDir: env.PORTAL_PRECOMPRESS_CACHE_DIR,
    env,
  };
}

/** The settings of an environment given as text (tests); the entry points parse process.env once with readEnvSettings. */
export function readSettings(env: EnvInput): PortalSettings {
  return portalSettings(readEnvSettings(env));
}
