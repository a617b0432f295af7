import crypto from 'node:crypto';
import { Pool } from 'pg';
import { loadMigrations, migrate, openDatabase, type Db } from './index';

// PGlite always; PostgreSQL too when DATABASE_URL is set (each run in a schema of its own, dropped after).
jest.setTimeout(60_000);

const DATABASE_URL = process.env.DATABASE_URL || undefined;

// The migrations existing data folders and databases have already recorded: their ids and order
// must never change (a new migration gets a higher number).
const RECORDED = [
  '001_initial.sql',
  '002_account.sql',
  '010_remote_operations.sql',
  '020_support.sql',
  '030_account_settings.sql',
  '040_backup.sql',
  '060_user_management.sql',
  '061_alerts_scope.sql',
  '070_metric_samples.sql',
  '080_health_operator.sql',
  '090_alert_notifications.sql',
  '091_tenant_alerts.sql',
  '100_mfa_required.sql',
  '110_user_access.sql',
  '125_failed_signins_by_address.sql',
  '130_whitelabel_sender.sql',
  '160_remote_rollback_marks.sql',
];

describe('migration set', () => {
  it('keeps the recorded migrations first, in order, and numbers every later one higher', () => {
    const migrations = loadMigrations();
    expect(migrations.slice(0, RECORDED.length).map((m) => m.name)).toEqual(RECORDED);
    const versions = migrations.map((m) => m.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
  });
});

async function dropSchema(schema: string): Promise<void> {
  const pool = new Pool({ connectionString: DATABASE_URL, max: 1 });
  try {
    await pool.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await pool.end();
  }
}

const drivers: [string, () => Promise<{ db: Db; cleanup: () => Promise<void> }>][] = [
  ['PGlite', async () => ({ db: await openDatabase(), cleanup: async () => undefined })],
];
if (DATABASE_URL) {
  drivers.push([
    'PostgreSQL',
    async () => {
      const schema = `db_test_${crypto.randomBytes(5).toString('hex')}`;
      return { db: await openDatabase({ databaseUrl: DATABASE_URL, schema, poolSize: 2 }), cleanup: () => dropSchema(schema) };
    },
  ]);
}

describe.each(drivers)('on %s', (name, open) => {
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, cleanup } = await open());
  });

  afterAll(async () => {
    await db.close();
    await cleanup();
  });

  it('reports its driver', () => {
    expect(db.driver).toBe(name === 'PGlite' ? 'pglite' : 'postgres');
  });

  it('applies every migration once, recording each, with the API and engine tables in place', async () => {
    const all = loadMigrations().map((m) => m.name);
    expect(await migrate(db)).toEqual(all);
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ name: string }>('select name from schema_migrations order by version');
    expect(rows.map((row) => row.name)).toEqual(all);
    const { rows: tables } = await db.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = current_schema() and table_name = any($1) order by 1`,
      [['backup_jobs', 'engine_workers', 'sessions', 'users']],
    );
    expect(tables.map((t) => t.name)).toEqual(['backup_jobs', 'engine_workers', 'sessions', 'users']);
  });

  it("indexes every foreign key's referencing columns, so deleting a referenced row never scans the referencing table", async () => {
    // Each foreign key whose columns do not lead some index of their table (migration 280 added the
    // missing ones: the webhook prune scanned the deliveries once per row it deleted).
    await migrate(db);
    const { rows } = await db.query<{ constraint: string }>(
      `select c.conname as constraint from pg_constraint c
       where c.contype = 'f' and c.connamespace = current_schema()::regnamespace
         and not exists (
           select 1 from pg_index i
           where i.indrelid = c.conrelid
             and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
             and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)
       order by 1`,
    );
    expect(rows.map((row) => row.constraint)).toEqual([]);
  });

  it('answers int8 as a number', async () => {
    const { rows } = await db.query<{ n: unknown }>('select count(*) as n from generate_series(1, 3)');
    expect(rows[0].n).toBe(3);
  });

  it('commits a transaction that succeeds and rolls back one that throws', async () => {
    await db.exec('create table tx_probe (v int)');
    await db.transaction(async (tx) => {
      await tx.query('insert into tx_probe values ($1)', [1]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into tx_probe values ($1)', [2]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await db.query<{ v: number }>('select v from tx_probe');
    expect(rows).toEqual([{ v: 1 }]);
  });

  it('runs a batch in order in one transaction, and rolls all of it back when one statement fails', async () => {
    await db.exec('create table batch_probe (v int primary key)');
    const results = await db.batch([
      { sql: 'insert into batch_probe values ($1), ($2)', params: [1, 2] },
      { sql: 'delete from batch_probe where v = $1 returning v', params: [1] },
      { sql: 'select v from batch_probe' },
    ]);
    expect(results.map((result) => result.rows)).toEqual([[], [{ v: 1 }], [{ v: 2 }]]);
    await expect(
      db.batch([
        { sql: 'insert into batch_probe values ($1)', params: [3] },
        { sql: 'insert into batch_probe values ($1)', params: [2] },
      ]),
    ).rejects.toThrow(/duplicate key/);
    const { rows } = await db.query<{ v: number }>('select v from batch_probe order by v');
    expect(rows).toEqual([{ v: 2 }]);
  });
});

describe('openDatabase', () => {
  it('refuses every statement once closed', async () => {
    const db = await openDatabase();
    await db.close();
    await db.close();
    await expect(db.query('select 1')).rejects.toThrow('The database is closed');
  });

  it('refuses an unsafe schema name before connecting', async () => {
    await expect(openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', schema: 'x; drop' })).rejects.toThrow('Unsafe schema name');
  });
});
