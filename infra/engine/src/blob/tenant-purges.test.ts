import crypto from 'node:crypto';
import { migrate, openDatabase, type Db } from '@portal/db';
import { purgeDeletedTenants, queueTenantPurge } from './tenant-purges';

// The queue of deleted tenants' purges on PGlite and on PostgreSQL (DATABASE_URL, else the local test
// database, in a schema of its own that it drops): workers purging at once share the queue without
// purging a tenant twice, and a failure waits longer after each attempt. The engine's own use (the
// scheduler, a failing store) is in engine-collect.test.ts.

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const pgSchema = `engine_purges_${crypto.randomBytes(5).toString('hex')}`;

const databases: Array<[string, () => Promise<Db>, (db: Db) => Promise<void>]> = [
  ['PGlite', () => openDatabase({}), async () => undefined],
  ['PostgreSQL', () => openDatabase({ databaseUrl, schema: pgSchema, poolSize: 4 }), (db) => db.exec(`drop schema ${pgSchema} cascade`)],
];

const quiet = () => undefined;

describe.each(databases)('tenant purges on %s', (_name, open, drop) => {
  let db: Db;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
  }, 60_000);

  afterAll(async () => {
    if (!db) return;
    await drop(db);
    await db.close();
  });

  beforeEach(() => db.query('delete from backup_tenant_purges'));

  const queue = async (count: number) => {
    const ids = Array.from({ length: count }, () => crypto.randomUUID());
    for (const id of ids) await queueTenantPurge(db, id);
    return ids;
  };

  it('purges each queued tenant once when two workers purge at the same time', async () => {
    const ids = await queue(6);
    const purged: string[] = [];
    // Each purge takes a while, so the two workers' claims interleave.
    const worker = { purgeTenant: async (tenantId: string) => (purged.push(tenantId), await new Promise((resolve) => setTimeout(resolve, 20)), 1) };
    const outcomes = await Promise.all([purgeDeletedTenants(db, worker, quiet), purgeDeletedTenants(db, worker, quiet)]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.purged, 0)).toBe(6);
    expect(outcomes.every((outcome) => outcome.purged > 0 && outcome.failed === 0)).toBe(true);
    expect([...purged].sort()).toEqual([...ids].sort());
    expect((await db.query('select 1 from backup_tenant_purges')).rows).toEqual([]);
  });

  it('waits longer after each failed attempt, and leaves the other tenants to be purged', async () => {
    const [failing] = await queue(2);
    const failingStore = { purgeTenant: async (tenantId: string) => (tenantId === failing ? Promise.reject(new Error('bucket unreachable')) : 1) };
    expect(await purgeDeletedTenants(db, failingStore, quiet)).toEqual({ purged: 1, failed: 1 });
    const pause = async () =>
      (
        await db.query<{ attempts: number; last_error: string; wait: number }>(
          'select attempts, last_error, extract(epoch from claimed_until - now())::float as wait from backup_tenant_purges where tenant_id = $1',
          [failing],
        )
      ).rows[0];
    const first = await pause();
    expect(first).toMatchObject({ attempts: 1, last_error: 'bucket unreachable' });
    expect(first.wait).toBeGreaterThan(50);
    expect(first.wait).toBeLessThanOrEqual(61);
    await db.query(`update backup_tenant_purges set claimed_until = now() - interval '1 second'`);
    expect(await purgeDeletedTenants(db, failingStore, quiet)).toEqual({ purged: 0, failed: 1 });
    const second = await pause();
    expect(second.attempts).toBe(2);
    expect(second.wait).toBeGreaterThan(110);
    // The other tenant went with the first pass.
    expect((await db.query('select tenant_id from backup_tenant_purges')).rows).toEqual([{ tenant_id: failing }]);
  });
});
