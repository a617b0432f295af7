import { MessageChannel } from 'node:worker_threads';
import { bridgedDb, serveDbBridge, type DbBridge } from './bridge';
import { openDatabase, type Db } from './database';

// The bridge an engine thread reaches an embedded PGlite through; both ends in this thread here, the
// messages crossing a real MessageChannel.

let db: Db;
let bridge: DbBridge;
let channel: MessageChannel;

// PGlite takes a while to boot on a busy machine: one for the file.
jest.setTimeout(60_000);

beforeAll(async () => {
  db = await openDatabase({});
  await db.exec('create table t (id int primary key, label text)');
});

afterAll(() => db.close());

beforeEach(async () => {
  await db.exec('truncate t');
  channel = new MessageChannel();
  bridge = serveDbBridge(channel.port1, db);
});

afterEach(async () => {
  await bridge.close();
  channel.port2.close();
});

const labels = async () => (await db.query<{ label: string }>('select label from t order by id')).rows.map((row) => row.label);

it("passes a statement's options across: one planned for its values each run is not kept prepared", async () => {
  const remote = bridgedDb(channel.port2, db.driver);
  const prepared = async (text: string) =>
    (await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where statement = $1', [text])).rows[0].n;
  await remote.query('select id from t where id > $1', [0], { planEachRun: true });
  await remote.transaction((tx) => tx.query('select label from t where id > $1', [0], { planEachRun: true }));
  await remote.query('select id, label from t where id > $1', [0]);
  expect([await prepared('select id from t where id > $1'), await prepared('select label from t where id > $1'), await prepared('select id, label from t where id > $1')]).toEqual([0, 0, 1]);
});

it('runs statements with parameters and returns their rows', async () => {
  const remote = bridgedDb(channel.port2, db.driver);
  await remote.query('insert into t values ($1, $2), ($3, $4)', [1, 'a', 2, 'b']);
  const { rows } = await remote.query<{ id: number; label: string }>('select id, label from t where id >= $1 order by id', [1]);
  expect(rows).toEqual([
    { id: 1, label: 'a' },
    { id: 2, label: 'b' },
  ]);
  expect(remote.driver).toBe('pglite');
});

it('commits a transaction whose statements see each other, and rolls back one that throws', async () => {
  const remote = bridgedDb(channel.port2, db.driver);
  const seen = await remote.transaction(async (tx) => {
    await tx.query(`insert into t values (1, 'kept')`);
    return (await tx.query<{ n: number }>('select count(*)::int as n from t')).rows[0].n;
  });
  expect(seen).toBe(1);
  await expect(
    remote.transaction(async (tx) => {
      await tx.query(`insert into t values (2, 'dropped')`);
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect(await labels()).toEqual(['kept']);
});

it('runs the statements of a transaction in the order sent, without waiting for each answer, and batches in one message', async () => {
  const remote = bridgedDb(channel.port2, db.driver);
  const results = await remote.transaction((tx) =>
    Promise.all([tx.query(`insert into t values (1, 'a')`), tx.query(`update t set label = label || 'b'`), tx.query<{ label: string }>('select label from t')]),
  );
  expect(results[2].rows).toEqual([{ label: 'ab' }]);
  const batch = await remote.batch([
    { sql: `update t set label = $1 where id = 1 returning id`, params: ['c'] },
    { sql: 'select label from t' },
  ]);
  expect(batch.map((result) => result.rows)).toEqual([[{ id: 1 }], [{ label: 'c' }]]);
  await expect(remote.batch([{ sql: `update t set label = 'd'` }, { sql: `insert into t values (1, 'x')` }])).rejects.toMatchObject({ code: '23505' });
  expect(await labels()).toEqual(['c']);
});

it("passes the database's errors on with their message and SQLSTATE, and the transaction rolls back", async () => {
  const remote = bridgedDb(channel.port2, db.driver);
  await remote.query(`insert into t values (1, 'first')`);
  const failure = remote.transaction(async (tx) => {
    await tx.query(`update t set label = 'changed' where id = 1`);
    await tx.query(`insert into t values (1, 'again')`);
  });
  await expect(failure).rejects.toMatchObject({ message: expect.stringMatching(/duplicate key/), code: '23505' });
  expect(await labels()).toEqual(['first']);
});

it('rolls back what a thread left open when the bridge closes, and frees the database', async () => {
  const remote = bridgedDb(channel.port2, db.driver);
  let inside: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (inside = resolve));
  // A transaction that never finishes, as in a thread that died in the middle of one.
  void remote
    .transaction(async (tx) => {
      await tx.query(`insert into t values (1, 'orphan')`);
      inside();
      await new Promise(() => undefined);
    })
    .catch(() => undefined);
  await reached;
  await bridge.close();
  expect(await labels()).toEqual([]);
  await db.query(`insert into t values (2, 'after')`);
  expect(await labels()).toEqual(['after']);
});
