import { REGISTRY_PATH } from '@portal/config';
import os from 'node:os';
import type { Db } from '@portal/db';
import type { EnvSettings } from '@portal/settings';
import type { RemoteOpResult, RemoteStatus } from '@portal/api/src/services/remote-ops-service';
import type { CanaryInfo, CanaryList } from '@portal/contracts';
import type { PortalSettings } from './settings';
import { readServerState } from './server-state';

/** Where the CLI records releases and moves pointers: the running portal's API, or the database. */
export interface RegistryClient {
  readonly description: string;
  publish(input: { name: string; version: string; builtAt: string; gitCommit: string | null }): Promise<RemoteOpResult>;
  rollback(name: string, to?: string, reason?: string): Promise<RemoteOpResult>;
  list(): Promise<RemoteStatus[]>;
  startCanary(input: { name: string; version: string; percent: number; promoteAfterMinutes?: number; builtAt: string; gitCommit: string | null }): Promise<CanaryInfo>;
  promoteCanary(name: string): Promise<CanaryInfo>;
  rollbackCanary(name: string, reason?: string): Promise<CanaryInfo>;
  canaries(): Promise<CanaryList['canaries']>;
  close(): Promise<void>;
}

export class CliError extends Error {}

/**
 * How long the CLI waits for a portal's answer before taking it as absent. A portal that is not
 * running refuses the connection at once; one that is running may be slow to answer while a build
 * or a backup loads the machine (a CI run at load 18 took over 3 s, and the CLI then failed with
 * "does not answer" against a live portal).
 */
const PORTAL_ANSWER_TIMEOUT_MS = 30_000;

async function reachable(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}${REGISTRY_PATH}`, { signal: AbortSignal.timeout(PORTAL_ANSWER_TIMEOUT_MS) });
    return res.ok;
  } catch {
    return false;
  }
}

function apiClient(url: string, env: EnvSettings): RegistryClient {
  const username = env.PORTAL_USERNAME;
  const password = env.PORTAL_PASSWORD;
  let token: string | undefined;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    if (!token) {
      if (!username || !password) {
        throw new CliError(`A portal is running at ${url}: set PORTAL_USERNAME and PORTAL_PASSWORD (an ADMIN user) so the CLI can use its API.`);
      }
      const res = await fetch(`${url}/backend/api/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      const json = (await res.json()) as { accessToken?: string; errorMessage?: string };
      if (!res.ok || !json.accessToken) throw new CliError(`Sign-in as ${username} at ${url} failed: ${json.errorMessage ?? res.status}`);
      token = json.accessToken;
    }
    const res = await fetch(`${url}/backend/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as T & { errorMessage?: string };
    if (!res.ok) throw new CliError(`${json.errorMessage ?? `HTTP ${res.status}`}${res.status === 403 ? ` (${username} is not an ADMIN)` : ''}`);
    return json;
  };
  return {
    description: `the portal API at ${url}`,
    publish: ({ name, version, builtAt, gitCommit }) =>
      call('POST', `api/remotes/${name}/releases`, { version, builtAt, ...(gitCommit ? { gitCommit } : {}) }),
    rollback: (name, to, reason) => call('POST', `api/remotes/${name}/rollback`, { ...(to ? { to } : {}), ...(reason ? { reason } : {}) }),
    list: async () => (await call<{ remotes: RemoteStatus[] }>('GET', 'api/remotes')).remotes,
    startCanary: async ({ name, gitCommit, ...body }) =>
      (await call<{ canary: CanaryInfo }>('POST', `api/remotes/${name}/canary`, { ...body, ...(gitCommit ? { gitCommit } : {}) })).canary,
    promoteCanary: async (name) => (await call<{ canary: CanaryInfo }>('POST', `api/remotes/${name}/canary/promote`)).canary,
    rollbackCanary: async (name, reason) => (await call<{ canary: CanaryInfo }>('POST', `api/remotes/${name}/canary/rollback`, reason ? { reason } : {})).canary,
    canaries: async () => (await call<CanaryList>('GET', 'api/remotes/canaries')).canaries,
    close: async () => undefined,
  };
}

/** The registry's own rules (unknown version, nothing to roll back to) are answers for the user. */
async function asCliError<T>(work: Promise<T>): Promise<T> {
  const { RemoteOpsError } = await import('@portal/api/src/services/remote-ops-service');
  return work.catch((error: unknown) => {
    throw error instanceof RemoteOpsError ? new CliError(error.message) : error;
  });
}

async function directClient(settings: PortalSettings): Promise<RegistryClient> {
  // Loaded here, not at the top: a CLI that talks to a running portal never opens a database.
  const [{ openDatabase, migrate }, ops, canaries, { openRemoteStore }] = await Promise.all([
    import('@portal/db'),
    import('@portal/api/src/services/remote-ops-service'),
    import('@portal/api/src/services/canary-service'),
    import('./open-remote-store'),
  ]);
  let db: Db;
  try {
    db = await openDatabase(settings.databaseUrl ? { databaseUrl: settings.databaseUrl } : { dataDir: `${settings.dataDir}/db` });
  } catch (error) {
    throw new CliError(`The database in ${settings.dataDir}/db could not be opened: ${(error as Error).message}`);
  }
  await migrate(db);
  const actor = { name: `cli:${settings.env.USER ?? os.userInfo().username}`, userId: null, ip: null };
  const store = openRemoteStore(settings);
  return {
    description: settings.databaseUrl ? 'the database at DATABASE_URL' : `the embedded database in ${settings.dataDir}/db`,
    publish: (input) => asCliError(ops.publishVersion(db, store, input, actor)),
    rollback: (name, to, reason) => asCliError(ops.rollbackRemote(db, name, to, actor, reason ?? null)),
    list: () => ops.listRemoteStatus(db),
    startCanary: ({ gitCommit, ...input }) => asCliError(canaries.startCanary(db, store, { ...input, gitCommit }, actor)),
    promoteCanary: (name) => asCliError(canaries.promoteCanary(db, name, actor)),
    rollbackCanary: (name, reason) => asCliError(canaries.rollBackCanary(db, name, actor, reason ?? null)),
    canaries: () => canaries.canaryStatuses(db),
    close: () => db.close(),
  };
}

/**
 * PORTAL_URL, else the portal that left its address in DATA_DIR, else http://localhost:8080.
 * When none answers, the CLI opens the database itself (safe: nobody else has it open).
 */
export async function connectRegistry(settings: PortalSettings): Promise<RegistryClient> {
  const { env } = settings;
  const state = readServerState(settings.dataDir);
  const url = (env.PORTAL_URL || state?.url || 'http://localhost:8080').replace(/\/$/, '');
  if (await reachable(url)) return apiClient(url, env);
  if (env.PORTAL_URL) throw new CliError(`PORTAL_URL ${env.PORTAL_URL} does not answer.`);
  if (state && !settings.databaseUrl) {
    throw new CliError(`The portal (pid ${state.pid}) holds the database in ${settings.dataDir} but does not answer at ${state.url}.`);
  }
  return directClient(settings);
}
