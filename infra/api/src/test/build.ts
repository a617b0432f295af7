import crypto from 'node:crypto';
import { Pool } from 'pg';
import { openDatabase, type Db } from '@portal/db';
import { readEnvSettings, type EnvSettings } from '@portal/settings';
import { createApi, type ApiInstance, type CreateApiOptions } from '../create-api';
import { leaseDatabase, type PoolKind } from './pglite-pool';

export type { ApiInstance };

/**
 * Test helpers. With DATABASE_URL set every test gets its own PostgreSQL schema (dropped after the
 * test); otherwise an in-memory PGlite leased from the worker's pool (see pglite-pool.ts).
 */

// The first lease of each kind in a worker boots PGlite and migrates it, slow on a busy machine.
jest.setTimeout(60_000);

export const TEST_DATABASE_URL = process.env.DATABASE_URL || undefined;

const cleanups: (() => Promise<void>)[] = [];

async function dropSchema(schema: string): Promise<void> {
  const pool = new Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
  try {
    await pool.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await pool.end();
  }
}

function freshSchema(): string {
  const schema = `api_test_${crypto.randomBytes(6).toString('hex')}`;
  cleanups.push(() => dropSchema(schema));
  return schema;
}

/** A fresh database of this kind: a new PostgreSQL schema, or a pooled PGlite put back into that state. */
async function databaseOptions(kind: PoolKind): Promise<Pick<CreateApiOptions, 'databaseUrl' | 'schema' | 'database'>> {
  if (TEST_DATABASE_URL) return { databaseUrl: TEST_DATABASE_URL, schema: freshSchema() };
  return { database: await leaseDatabase(kind) };
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/**
 * The test process's environment, parsed as an entry point parses its own (jest.setup.node.cjs keeps
 * the demo tenant's backups off and the queue embedded; a test may set METRICS_TOKEN and the like).
 */
export const testSettings = (): EnvSettings => readEnvSettings(process.env);

export const TEST_REDIS_URL = process.env.REDIS_URL || undefined;
/** Redis keys of this run start with this, and each app adds its own counter: tests never share counters. */
export const TEST_REDIS_PREFIX = `portal-test-${process.pid}-${crypto.randomBytes(4).toString('hex')}:`;
let appCounter = 0;

async function deleteRedisKeys(prefix: string): Promise<void> {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(TEST_REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

const ownsDatabase = (options: CreateApiOptions) => Boolean(options.database || options.databaseUrl || options.dataDir);

/**
 * A ready app on a fresh database (unless the options name one); closed (and its schema dropped) by `teardown` after each test.
 * With REDIS_URL set its rate-limit counters live in Redis under a per-app prefix.
 */
export async function build(options: CreateApiOptions = {}): Promise<ApiInstance> {
  const namespace = `${TEST_REDIS_PREFIX}${(appCounter += 1)}:`;
  const redis = TEST_REDIS_URL ? { redisUrl: TEST_REDIS_URL, rateLimitNamespace: namespace } : {};
  const app = await createApi({
    version: '9.9.9-test',
    jwtSecret: TEST_JWT_SECRET,
    settings: testSettings(),
    ...(ownsDatabase(options) ? {} : await databaseOptions(options.demo === false ? 'migrated' : 'seeded')),
    ...redis,
    ...options,
  });
  cleanups.unshift(() => app.close());
  if (TEST_REDIS_URL) cleanups.push(() => deleteRedisKeys(namespace));
  return app;
}

export interface OutboxRow {
  to: string;
  from: string;
  subject: string;
  text: string;
}

/** Messages sent to an address, newest first (read from the email_outbox table). */
export async function mailsTo(app: ApiInstance, to: string): Promise<OutboxRow[]> {
  const { rows } = await app.apiDb.query<OutboxRow>(
    'select "to", "from", subject, text from email_outbox where lower("to") = lower($1) order by sent_at desc',
    [to],
  );
  return rows;
}

/** The six-digit code of the newest message to an address. */
export async function latestCode(app: ApiInstance, to: string): Promise<string> {
  const [mail] = await mailsTo(app, to);
  const code = mail && /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

export async function post(app: ApiInstance, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: `/backend/${url}`, payload: payload as object, headers });
}

/** A fresh database for `build({ database })`, for tests that wrap it; closed with the app. */
export async function openApiTestDatabase(): Promise<Db> {
  const options = await databaseOptions('seeded');
  return options.database ?? (await openDatabase(options));
}

/** A PostgreSQL schema (dropped after the test) that several apps can share: `build({ databaseUrl, schema })`. */
export const sharedTestSchema = (): string => freshSchema();

/** An open database with nothing in it (no migrations), closed after the test. */
export async function openTestDatabase(): Promise<Db> {
  const options = await databaseOptions('empty');
  const db = options.database ?? (await openDatabase(options));
  cleanups.unshift(() => db.close());
  return db;
}

export async function teardown(): Promise<void> {
  while (cleanups.length) await cleanups.shift()!();
}

afterEach(teardown);

export async function signin(app: ApiInstance, username: string, password = 'Portal#2026') {
  const response = await app.inject({ method: 'POST', url: '/backend/api/signin', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`signin ${username} failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { accessToken: string; userId: string; role: string };
  return { ...body, headers: { authorization: `Bearer ${body.accessToken}`, userid: body.userId } };
}

/** A signed-in user: ids, role and the headers its requests carry. */
export type Session = Awaited<ReturnType<typeof signin>>;

/** Signs in these demo users one after another (in this order); their sessions by username. */
export async function signinAs<const U extends string>(app: ApiInstance, usernames: readonly U[]): Promise<Record<U, Session>> {
  const sessions = {} as Record<U, Session>;
  for (const username of usernames) sessions[username] = await signin(app, username);
  return sessions;
}
