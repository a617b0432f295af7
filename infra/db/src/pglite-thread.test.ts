import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bridgedDb } from './bridge';
import { openDatabase } from './database';
import { openPgliteThread, type ThreadedDb } from './pglite-thread';

// PGlite in a thread of its own: the same database as in-process, reached over a port, and a caller's
// event loop that keeps turning while a statement runs.
jest.setTimeout(120_000);

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The longest pause of this thread's event loop while `work` runs, and how long `work` took. */
async function longestPause(work: () => Promise<unknown>): Promise<{ pauseMs: number; workMs: number }> {
  let last = performance.now();
  let pauseMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    pauseMs = Math.max(pauseMs, now - last);
    last = now;
  }, 5);
  const start = performance.now();
  await work();
  const end = performance.now();
  clearInterval(timer);
  // The pause the work ends in counts too: a timer held for the whole statement never fired during it.
  return { pauseMs: Math.max(pauseMs, end - last), workMs: end - start };
}

const SLOW = 'select count(*)::int as n from generate_series(1, 3000000) g where g % 7 = 3';

it('keeps its data in the folder, like PGlite in-process, and answers statements, transactions and batches', async () => {
  const db = await openDatabase({ dataDir: dir, thread: true });
  try {
    expect(db.driver).toBe('pglite');
    await db.exec('create table t (id int primary key, label text)');
    await db.transaction(async (tx) => {
      await tx.query('insert into t values ($1, $2)', [1, 'one']);
      await tx.query('insert into t values ($1, $2)', [2, 'two']);
    });
    await expect(db.query('insert into t values (1, $1)', ['again'])).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' });
    const [count] = await db.batch([{ sql: 'select count(*)::int as n from t' }]);
    expect(count.rows).toEqual([{ n: 2 }]);
  } finally {
    await db.close();
  }
  await expect(db.query('select 1')).rejects.toThrow('The database is closed');
  // The same folder in-process: what the thread wrote is there.
  const reopened = await openDatabase({ dataDir: dir });
  try {
    expect((await reopened.query<{ label: string }>('select label from t order by id')).rows.map((r) => r.label)).toEqual(['one', 'two']);
  } finally {
    await reopened.close();
  }
});

it("leaves the caller's event loop free while a statement runs (in-process PGlite holds it for the whole statement)", async () => {
  const inProcess = await openDatabase({});
  const threaded = await openDatabase({ thread: true });
  try {
    const held = await longestPause(() => inProcess.query(SLOW));
    const free = await longestPause(() => threaded.query(SLOW));
    expect(held.pauseMs).toBeGreaterThan(held.workMs * 0.8);
    expect(free.pauseMs).toBeLessThan(free.workMs / 2);
  } finally {
    await Promise.all([inProcess.close(), threaded.close()]);
  }
});

describe('another thread connected to it (the engine thread)', () => {
  let db: ThreadedDb;
  beforeAll(async () => {
    db = await openPgliteThread(undefined);
    await db.exec('create table u (id int primary key)');
  });
  afterAll(() => db.close());

  it('works in the same database, and what it left open is rolled back when its port closes', async () => {
    const port = db.connect();
    const other = bridgedDb(port, 'pglite');
    await other.query('insert into u values (1)');
    expect((await db.query('select id from u')).rows).toEqual([{ id: 1 }]);
    let inside: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (inside = resolve));
    // A transaction that never ends, as in a thread that died in the middle of one.
    void other
      .transaction(async (tx) => {
        await tx.query('insert into u values (2)');
        inside();
        await new Promise(() => undefined);
      })
      .catch(() => undefined);
    await reached;
    port.close();
    // The database is free again, without the orphan's row.
    await db.query('insert into u values (3)');
    expect((await db.query<{ id: number }>('select id from u order by id')).rows.map((r) => r.id)).toEqual([1, 3]);
  });

  it('delivers notifications over the port, and sync returns once those already sent have arrived', async () => {
    const payloads: string[] = [];
    const subscription = await db.listen('thread_channel', (payload) => payloads.push(payload));
    await db.query(`select pg_notify('thread_channel', 'a'), pg_notify('thread_channel', 'b')`);
    await subscription.sync();
    expect(payloads).toEqual(['a', 'b']);
    await subscription.close();
    expect(subscription.connected).toBe(false);
    await db.query(`select pg_notify('thread_channel', 'after')`);
    await db.query('select 1');
    expect(payloads).toEqual(['a', 'b']);
  });

  it("settles notifications at once, without waiting for a statement another thread's port is running", async () => {
    const payloads: string[] = [];
    const subscription = await db.listen('busy_channel', (payload) => payloads.push(payload));
    await db.query(`select pg_notify('busy_channel', 'revoked')`);
    const other = bridgedDb(db.connect(), 'pglite');
    const started = performance.now();
    const slow = other.query(SLOW);
    // The database thread is inside the slow statement by now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = performance.now();
    await subscription.sync();
    const syncMs = performance.now() - before;
    expect(payloads).toEqual(['revoked']);
    await slow;
    const slowMs = performance.now() - started;
    expect(syncMs).toBeLessThan(slowMs / 4);
    await subscription.close();
    await other.close();
  });
});
