import crypto from 'node:crypto';
import { Pool } from 'pg';
import { openDatabase, type Db } from './index';

// db.listen: NOTIFY delivery on both drivers, and on PostgreSQL the reconnect after the listening
// connection is killed, with the state changes a cache relies on to stop trusting itself.
jest.setTimeout(60_000);

const DATABASE_URL = process.env.DATABASE_URL || undefined;

const until = async (check: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

// A channel per test: on PostgreSQL NOTIFY reaches every session of the database.
const channel = () => `listen_test_${crypto.randomBytes(4).toString('hex')}`;

async function receives(db: Db) {
  const name = channel();
  const payloads: string[] = [];
  const subscription = await db.listen(name, (payload) => payloads.push(payload));
  expect(subscription.connected).toBe(true);
  await db.transaction(async (tx) => {
    await tx.query('select pg_notify($1, $2)', [name, 'in-tx']);
    // Delivered at commit, not before.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(payloads).toEqual([]);
  });
  await until(() => payloads.length === 1);
  expect(payloads).toEqual(['in-tx']);
  await subscription.close();
  expect(subscription.connected).toBe(false);
  await db.query('select pg_notify($1, $2)', [name, 'after close']);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(payloads).toEqual(['in-tx']);
}

describe('db.listen', () => {
  it('on PGlite delivers notifications as their transaction commits, until closed', async () => {
    const db = await openDatabase();
    try {
      await receives(db);
      await expect(db.listen('bad; name', () => undefined)).rejects.toThrow('Unsafe channel name');
    } finally {
      await db.close();
    }
  });

  (DATABASE_URL ? it : it.skip)('on PostgreSQL delivers on its own connection, reports a lost one and reconnects', async () => {
    const db = await openDatabase({ databaseUrl: DATABASE_URL, poolSize: 1 });
    const admin = new Pool({ connectionString: DATABASE_URL, max: 1 });
    try {
      await receives(db);
      const name = channel();
      const payloads: string[] = [];
      const states: boolean[] = [];
      const subscription = await db.listen(name, (payload) => payloads.push(payload), (connected) => states.push(connected));
      expect(states).toEqual([true]);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [`listen:${name}`]);
      await until(() => states.length >= 3);
      expect(states).toEqual([true, false, true]);
      expect(subscription.connected).toBe(true);
      await db.query('select pg_notify($1, $2)', [name, 'again']);
      await until(() => payloads.length === 1);
      expect(payloads).toEqual(['again']);
    } finally {
      await admin.end();
      await db.close();
    }
  });
});
