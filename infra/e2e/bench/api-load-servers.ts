// The two servers `pnpm bench:api` loads, each in a child process of its own so neither shares a
// thread with the load generator: `api` (the portal API as it ships, createApi) and `peer` (the
// naive floor: Fastify + jose + the same database driver, verifying the token and reading the
// session and the user by primary key on every request). Forked by api-load.ts, which talks to them
// over IPC: they answer { type: 'ready', port, path, headers }, and `api` also runs a backup on demand.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { createApi, type ApiInstance } from '../../api/src/create-api';
import { seedDemo } from '../../api/src/seed/seed-demo';
import { backupOptionsFromSettings } from '../../api/src/services/backup-engine';
import { migrate, openDatabase, type Db } from '../../db/src/index';
import { insertTenant } from '../../engine/src/index';
import { readEnvSettings } from '../../settings/src/index';

export const BENCH_JWT_SECRET = 'bench-api-secret-that-is-long-enough-0123456789';
const MASTER = 'bench-master-secret-0123456789abcdefghijkl';

// The peer's libraries are the API's own copies (jose is ESM-only: imported, not required).
const fromApi = createRequire(require.resolve('../../api/package.json'));
interface Jose {
  SignJWT: new (payload: Record<string, unknown>) => {
    setProtectedHeader(h: { alg: string }): { setSubject(s: string): { setExpirationTime(e: string): { sign(k: Uint8Array): Promise<string> } } };
  };
  jwtVerify(token: string, key: Uint8Array, options: { algorithms: string[] }): Promise<{ payload: { sub?: string; sid?: unknown } }>;
}
const loadJose = async () => (await import(fromApi.resolve('jose'))) as Jose;
// The few Fastify calls the peer makes (@portal/e2e does not depend on fastify itself).
interface PeerReply {
  code(status: number): { send(body: unknown): unknown };
}
interface PeerRequest {
  headers: { authorization?: string };
  params: { userId: string };
}
interface PeerApp {
  get(path: string, handler: (request: PeerRequest, reply: PeerReply) => Promise<unknown>): void;
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
}
const Fastify = fromApi('fastify') as () => PeerApp;

const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL || undefined;
// A schema per server on PostgreSQL, dropped at the end, as the API tests do.
const schema = databaseUrl ? `bench_${crypto.randomBytes(5).toString('hex')}` : undefined;

async function dropSchema(): Promise<void> {
  if (!databaseUrl) return;
  const admin = await openDatabase({ databaseUrl, poolSize: 1 });
  await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
  await admin.close();
}

type Send = (message: Record<string, unknown>) => void;
const send: Send = (message) => process.send?.(message);

async function startPeer(): Promise<{ close(): Promise<void> }> {
  const { SignJWT, jwtVerify } = await loadJose();
  const db: Db = await openDatabase({ databaseUrl, schema });
  await migrate(db);
  await seedDemo(db);
  const { rows } = await db.query<{ id: string }>(`select id from users where username = 'customer'`);
  const userId = rows[0].id;
  const { rows: sessions } = await db.query<{ id: string }>(
    `insert into sessions (user_id, mfa_pending, expires_at) values ($1, false, now() + interval '12 hours') returning id`,
    [userId],
  );
  const key = new TextEncoder().encode(BENCH_JWT_SECRET);
  const token = await new SignJWT({ sid: sessions[0].id }).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).setExpirationTime('12h').sign(key);

  const app = Fastify();
  app.get('/backend/api/users/:userId/profile', async (request, reply) => {
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    let claims: { sub?: string; sid?: unknown };
    try {
      claims = (await jwtVerify(bearer ?? '', key, { algorithms: ['HS256'] })).payload;
    } catch {
      return reply.code(401).send({ errorMessage: 'Invalid token' });
    }
    const live = await db.query('select 1 from sessions where id = $1 and user_id = $2 and revoked_at is null and expires_at > now()', [claims.sid, claims.sub]);
    if (!live.rows.length) return reply.code(401).send({ errorMessage: 'Session expired' });
    if (claims.sub !== request.params.userId) return reply.code(404).send({ errorMessage: 'Not found' });
    const user = await db.query('select id, username, email, first_name, last_name, role, access from users where id = $1', [claims.sub]);
    return user.rows[0];
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  send({ type: 'ready', url, path: `/backend/api/users/${userId}/profile`, headers: { authorization: `Bearer ${token}`, userid: userId } });
  return {
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

async function startApi(): Promise<{ close(): Promise<void> }> {
  const emulatorOrigin = process.env.BENCH_EMULATOR_ORIGIN;
  // The demo seed without its emulator tenant; jobs run in this process, as in an embedded portal,
  // on the engine thread as the product decides (on with PostgreSQL) unless BACKUP_ENGINE_THREAD says.
  const settings = readEnvSettings({ PORTAL_DEMO_BACKUPS: '0', BACKUP_QUEUE: 'embedded', BACKUP_ENGINE_THREAD: process.env.BACKUP_ENGINE_THREAD });
  const threaded = backupOptionsFromSettings({ databaseUrl }, settings).thread === true;
  const app: ApiInstance = await createApi({
    databaseUrl,
    schema,
    jwtSecret: BENCH_JWT_SECRET,
    settings,
    backup: { masterSecret: MASTER, ...(emulatorOrigin ? { outbound: { origins: [emulatorOrigin], networks: ['127.0.0.0/8'] } } : {}) },
  });
  const signin = await app.inject({ method: 'POST', url: '/backend/api/signin', payload: { username: 'customer', password: 'Portal#2026' } });
  const { accessToken, userId } = signin.json() as { accessToken: string; userId: string };
  const headers = { authorization: `Bearer ${accessToken}`, userid: userId };
  if (threaded) await engineThreadRunning(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  send({ type: 'ready', url, path: `/backend/api/users/${userId}/profile`, headers });

  process.on('message', (message: { type?: string; credentials?: Parameters<typeof insertTenant>[2]['credentials'] }) => {
    if (message.type !== 'backup' || !message.credentials) return;
    void startBackup(app, headers, message.credentials).then(send, (error: Error) => send({ type: 'error', message: error.stack }));
  });
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'progress') void backupProgress(app).then(send);
  });
  return { close: () => app.close() };
}

/** The API's engine thread loads its code for a few seconds after start: measured only once it announced itself. */
async function engineThreadRunning(app: ApiInstance): Promise<void> {
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    // A thread on PGlite, a child process on PostgreSQL (engine-runner.ts names both).
    const { rows } = await app.apiDb.query(`select 1 from engine_workers where id like '%:thread%' or id like '%:child-of-%'`);
    if (rows.length) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the engine thread did not start within 180 s');
}

/** A full backup of the emulator's whole tenant, queued through the API's own endpoint and engine. */
async function startBackup(app: ApiInstance, headers: Record<string, string>, credentials: Parameters<typeof insertTenant>[2]['credentials']) {
  const { rows } = await app.apiDb.query<{ organisation_id: string }>(`select organisation_id from users where username = 'customer'`);
  const organisationId = rows[0].organisation_id;
  const tenant = await insertTenant(app.apiDb, MASTER, { organisationId, name: 'Bench', credentials });
  const { rows: set } = await app.apiDb.query<{ id: string }>(
    `insert into backup_sets (organisation_id, tenant_id, name, type, scope, services, schedule, retention_days)
     values ($1, $2, 'Bench', 'm365', '{"mode":"all"}', '["mail","calendar","contacts","onedrive","sharepoint","teams"]',
             '{"frequency":"manual","time":"02:00","dayOfWeek":0}', 30) returning id`,
    [organisationId, tenant.id],
  );
  const run = await app.inject({ method: 'POST', url: `/backend/api/backup/sets/${set[0].id}/run`, headers });
  if (run.statusCode !== 202) throw new Error(`run: ${run.statusCode} ${run.body}`);
  return { type: 'backup-started', jobId: (run.json() as { id: string }).id };
}

async function backupProgress(app: ApiInstance) {
  const { rows } = await app.apiDb.query<{ status: string; items_done: number }>(
    `select status, items_done from backup_jobs where type = 'backup' order by created_at desc limit 1`,
  );
  return { type: 'progress', status: rows[0]?.status ?? 'none', itemsDone: Number(rows[0]?.items_done ?? 0) };
}

async function main(role: string | undefined): Promise<void> {
  const server = role === 'peer' ? await startPeer() : role === 'api' ? await startApi() : null;
  if (!server) throw new Error(`unknown server role ${role}`);
  process.on('message', (message: { type?: string }) => {
    if (message.type !== 'stop') return;
    void server
      .close()
      .catch(() => undefined)
      .then(dropSchema)
      .finally(() => process.exit(0));
  });
}

main(process.argv[2]).catch((error: Error) => {
  send({ type: 'error', message: error.stack });
  void dropSchema().finally(() => process.exit(1));
});
