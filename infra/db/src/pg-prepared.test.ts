import crypto from 'node:crypto';
import { openDatabase, type Db } from './index';
import { pgStatements } from './pg-prepared';

// On the local PostgreSQL (DATABASE_URL, else the test database on this machine), in a schema of its own.
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

let db: Db;
const schema = `prepared_test_${crypto.randomBytes(5).toString('hex')}`;
beforeAll(async () => {
  // One session, so what it has prepared is what pg_prepared_statements shows.
  db = await openDatabase({ databaseUrl, schema, poolSize: 1 });
});
afterAll(async () => {
  await db.query(`drop schema if exists ${schema} cascade`);
  await db.close();
});

/** How many statements of the session have this text. */
const preparedWithText = async (sql: string) =>
  (await db.query<{ n: number }>('select count(*) as n from pg_prepared_statements where statement = $1', [sql])).rows[0].n;

test('a statement is parsed once per session and runs prepared after that, with its values each time', async () => {
  const sql = 'select $1::int + 1 as n';
  for (const value of [1, 2, 3]) expect((await db.query<{ n: number }>(sql, [value])).rows).toEqual([{ n: value + 1 }]);
  expect(await preparedWithText(sql)).toBe(1);
});

test('inside a transaction too, under the same name', async () => {
  const sql = 'select $1::text as word';
  await db.query(sql, ['outside']);
  const rows = await db.transaction(async (tx) => (await tx.query<{ word: string }>(sql, ['inside'])).rows);
  expect(rows).toEqual([{ word: 'inside' }]);
  expect(await preparedWithText(sql)).toBe(1);
});

test('a statement planned for its values each run is never prepared', async () => {
  const sql = 'select $1::int * 2 as n';
  expect((await db.query<{ n: number }>(sql, [4], { planEachRun: true })).rows).toEqual([{ n: 8 }]);
  await db.transaction((tx) => tx.query(sql, [5], { planEachRun: true }));
  expect(await preparedWithText(sql)).toBe(0);
});

test('a table whose columns changed after a statement was prepared is read with its new columns', async () => {
  await db.exec('create table reshaped (a int); insert into reshaped values (1)');
  const sql = 'select * from reshaped';
  expect((await db.query(sql)).rows).toEqual([{ a: 1 }]);
  await db.exec('alter table reshaped add column b text');
  // The server refuses the prepared statement (its result type changed): it is prepared again.
  expect((await db.query(sql)).rows).toEqual([{ a: 1, b: null }]);
  await db.exec('alter table reshaped add column c int');
  // Inside a transaction the refusal has ended it, and reaches the caller; the next run is prepared again.
  await expect(db.transaction((tx) => tx.query(sql))).rejects.toMatchObject({ code: '0A000' });
  expect((await db.query(sql)).rows).toEqual([{ a: 1, b: null, c: null }]);
});

test('names are kept for a bounded number of texts, the least recently used given up first', () => {
  const statements = pgStatements(2);
  const first = statements.config('select 1', []).name;
  const second = statements.config('select 2', []).name;
  expect(statements.config('select 1', []).name).toBe(first);
  statements.config('select 3', []);
  // 'select 2' was the least recently used: it gets a new name, 'select 1' keeps its own.
  expect(statements.config('select 2', []).name).not.toBe(second);
  expect(new Set([first, second, statements.config('select 3', []).name]).size).toBe(3);
});
