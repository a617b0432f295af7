import type { PGlite } from '@electric-sql/pglite';
import { startPglite, wrapPglite, type Db } from './database';
import { preparedQueries } from './pglite-prepared';

// PGlite's statements as named prepared statements (pglite-prepared.ts): each SQL text parsed once, values
// and rows exactly as PGlite's own query() gives them, errors as it reports them, and schema changes seen.
jest.setTimeout(60_000);

let pg: PGlite;
let db: Db;
beforeAll(async () => {
  pg = await startPglite();
  db = wrapPglite(pg, async () => undefined);
});
afterAll(() => pg.close());

/** Protocol-level prepared statements of the session with this text, and how often each ran. */
async function preparedWith(text: string): Promise<Array<{ runs: number }>> {
  const { rows } = await pg.query<{ runs: number }>(
    'select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where statement = $1 and not from_sql',
    [text],
  );
  return rows;
}

it('parses a statement once and runs it again by name', async () => {
  await db.exec('create table repeat_probe (id int primary key, label text)');
  const insert = 'insert into repeat_probe (id, label) values ($1, $2)';
  for (let id = 1; id <= 5; id += 1) await db.query(insert, [id, `label ${id}`]);
  await db.transaction(async (tx) => tx.query(insert, [6, 'in a transaction']));
  expect(await preparedWith(insert)).toEqual([{ runs: 6 }]);
  expect((await db.query('select count(*)::int as n from repeat_probe')).rows).toEqual([{ n: 6 }]);
});

it("serialises values and parses rows as PGlite's own query does", async () => {
  await db.exec(`create table values_probe (id serial primary key, j jsonb, tags text[], at timestamptz, flag boolean, big bigint, bytes bytea, n numeric, day date)`);
  // (No Date object: under jest it is not of the realm PGlite checks against, whichever way it is sent.)
  const row = [{ a: [1, 'two'], quote: 'it\'s "x"' }, ['plain', 'with "quote"', 'with,comma', null], '2026-03-04T05:06:07.089Z', false, 9007199254740993n, new Uint8Array([0, 1, 254, 255]), '12.50', '2026-12-02'];
  const insert = 'insert into values_probe (j, tags, at, flag, big, bytes, n, day) values ($1, $2, $3, $4, $5, $6, $7, $8) returning *';
  const ours = (await db.query(insert, row)).rows[0] as Record<string, unknown>;
  const theirs = (await pg.query(insert, row)).rows[0] as Record<string, unknown>;
  expect({ ...ours, id: 0 }).toEqual({ ...theirs, id: 0 });
  expect(ours.j).toEqual(row[0]);
  expect(ours.tags).toEqual(row[1]);
  expect((await db.query('select $1::text as t, $2::int as missing', ['x', null])).rows).toEqual([{ t: 'x', missing: null }]);
});

it('reports errors as PGlite does, and keeps no statement that failed to parse', async () => {
  await db.exec('create table errors_probe (id int primary key)');
  await db.query('insert into errors_probe values ($1)', [1]);
  await expect(db.query('insert into errors_probe values ($1)', [1])).rejects.toMatchObject({ code: '23505', query: 'insert into errors_probe values ($1)' });
  const broken = 'selec 1';
  for (let i = 0; i < 2; i += 1) await expect(db.query(broken)).rejects.toMatchObject({ code: '42601' });
  expect(await preparedWith(broken)).toEqual([]);
  // A failed statement inside a transaction rolls it back whole.
  await expect(
    db.transaction(async (tx) => {
      await tx.query('insert into errors_probe values ($1)', [2]);
      await tx.query('insert into errors_probe values ($1)', [1]);
    }),
  ).rejects.toMatchObject({ code: '23505' });
  expect((await db.query('select id from errors_probe order by id')).rows).toEqual([{ id: 1 }]);
});

it('sees a table whose columns changed after its statements were prepared', async () => {
  await db.exec('create table shape_probe (id int primary key)');
  await db.query('insert into shape_probe values (1)');
  const all = 'select * from shape_probe';
  expect((await db.query(all)).rows).toEqual([{ id: 1 }]);
  // A script (migrations) forgets every prepared statement.
  await db.exec('alter table shape_probe add column label text');
  expect((await db.query(all)).rows).toEqual([{ id: 1, label: null }]);
  // A schema change made by a statement: the next run of the old one is prepared again.
  await db.query('alter table shape_probe add column note text');
  expect((await db.query(all)).rows).toEqual([{ id: 1, label: null, note: null }]);
});

it('closes the least recently used statement beyond its limit', async () => {
  const own = await startPglite();
  try {
    const queries = preparedQueries(own, 2);
    for (const n of [1, 2, 1, 3]) await queries.query(`select ${n} as n`, []);
    // Closed with the next statement sent.
    await queries.query('select 1 as n', []);
    const { rows } = await own.query<{ statement: string }>('select statement from pg_prepared_statements where not from_sql order by statement');
    expect(rows.map((row) => row.statement)).toEqual(['select 1 as n', 'select 3 as n']);
  } finally {
    await own.close();
  }
});

it('shares one set of statements among the wrappers of one PGlite (a pooled database)', async () => {
  const again = wrapPglite(pg, async () => undefined);
  const text = 'select $1::int + 1 as next';
  expect((await db.query(text, [1])).rows).toEqual([{ next: 2 }]);
  expect((await again.query(text, [2])).rows).toEqual([{ next: 3 }]);
  expect(await preparedWith(text)).toEqual([{ runs: 2 }]);
});

it('prepares a statement again when the session dropped it', async () => {
  const text = 'select $1::int * 2 as double';
  expect((await db.query(text, [2])).rows).toEqual([{ double: 4 }]);
  // Behind the driver's back, as a pooled database's reset does.
  await pg.exec('discard all');
  expect((await db.query(text, [3])).rows).toEqual([{ double: 6 }]);
});
