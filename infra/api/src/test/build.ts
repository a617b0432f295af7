import crypto from 'node:crypto';
import { Pool } from 'pg';
import { openDatabase, type Db } from '../db/database';
import { migrate } from '../db/migrate';
import { seedDemo } from '../seed/seed-demo';
import { createApi, type ApiInstance, type CreateApiOptions } from '../create-api';

/**
 * Test helpers. With DATABASE_URL set every test gets its own PostgreSQL schema (dropped after the
 * test); otherwise an in-memory PGlite cloned from a migrated + seeded snapshot made once per worker.
 */

// Each test opens a real database (PGlite boots a WASM Postgres), which is slow on a busy machine.
jest.setTimeout(60_000);

export const TEST_DATABASE_URL = process.env.DATABASE_URL || undefined;

let template: Promise<Blob> | undefined;

function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const db = await openDatabase({});
    try {
      await migrate(db);
      await seedDemo(db);
      return await db.dumpSnapshot!();
    } finally {
      await db.close();
    }
  })();
  return template;
}

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

/** Database options for a fresh, empty-or-template database. */
async function databaseOptions(options: { empty?: boolean }): Promise<Pick<CreateApiOptions, 'databaseUrl' | 'schema' | 'snapshot'>> {
  if (TEST_DATABASE_URL) return { databaseUrl: TEST_DATABASE_URL, schema: freshSchema() };
  return options.empty ? {} : { snapshot: await pgliteTemplate() };
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** A ready app on a fresh database; closed (and its schema dropped) by `teardown` after each test. */
export async function build(options: CreateApiOptions = {}): Promise<ApiInstance> {
  const app = await createApi({ version: '9.9.9-test', jwtSecret: TEST_JWT_SECRET, ...(await databaseOptions({ empty: options.demo === false })), ...options });
  cleanups.unshift(() => app.close());
  return app;
}

/** An open database with nothing in it (no migrations), closed after the test. */
export async function openTestDatabase(): Promise<Db> {
  const db = await openDatabase(await databaseOptions({ empty: true }));
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
