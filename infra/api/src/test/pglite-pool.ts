import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { migrate, startPglite, wrapPglite, type Db } from '@portal/db';
import { hostRequire } from '@portal/db/src/load-pglite';
import { preparedQueries } from '@portal/db/src/pglite-prepared';
import { seedDemo } from '../seed/seed-demo';

/**
 * In-memory PGlite databases reused across the tests of one jest worker. Booting PGlite and
 * migrating it costs seconds; putting a used database back into its first state costs tens of
 * milliseconds. Each database is leased to one test at a time and reset on the next lease:
 *
 * - 'empty': no schema at all (tests of migrations and of the seed);
 * - 'migrated': every migration applied, no rows but what migrations insert;
 * - 'seeded': migrated plus the demo seed.
 *
 * The first state of a migrated or seeded database is kept in schema `portal_test_template`; a
 * reset truncates every table and copies the template rows back. A test that changed the schema
 * itself (a fingerprint over columns, indexes and triggers tells) gets a new database instead.
 */
export type PoolKind = 'empty' | 'migrated' | 'seeded';

type Pglite = Awaited<ReturnType<typeof startPglite>>;

interface TableCopy {
  name: string;
  /** Columns to copy (all but generated ones), quoted and joined. */
  columns: string;
  rows: number;
}

interface PooledDatabase {
  pg: Pglite;
  /** Closes the database when nobody leased it again soon (see release). */
  idleTimer?: ReturnType<typeof setTimeout>;
  kind: PoolKind;
  fingerprint: string;
  tables: TableCopy[];
  sequences: { name: string; value: number | null }[];
}

const TEMPLATE_SCHEMA = 'portal_test_template';
const SYSTEM_SCHEMAS = `('information_schema', 'pg_catalog', 'pg_toast', '${TEMPLATE_SCHEMA}')`;

// Everything a test could change about the public schema's shape.
const FINGERPRINT_SQL = `select md5(coalesce(string_agg(part, '|' order by part), '')) as fingerprint from (
  select table_name || '.' || column_name || ':' || data_type || ':' || coalesce(column_default, '') || ':' || is_nullable as part
    from information_schema.columns where table_schema = 'public'
  union all select indexdef from pg_indexes where schemaname = 'public'
  union all select tgrelid::regclass::text || '.' || tgname from pg_trigger where not tgisinternal
  union all select 'schema:' || nspname from pg_namespace where nspname not like 'pg\\_%' and nspname not in ${SYSTEM_SCHEMAS}
) parts`;

// On the host realm's global, so a worker keeps its databases from one test file to the next.
const POOL_KEY = Symbol.for('portal.testPglitePool');
const hostGlobal = vm.runInThisContext('globalThis') as typeof globalThis & { [POOL_KEY]?: PooledDatabase[] };
const idle: PooledDatabase[] = (hostGlobal[POOL_KEY] ??= []);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function one<T>(pg: Pglite, sql: string): Promise<T> {
  const { rows } = await pg.query<T>(sql);
  return rows[0];
}

async function fingerprintOf(pg: Pglite): Promise<string> {
  return (await one<{ fingerprint: string }>(pg, FINGERPRINT_SQL)).fingerprint;
}

/** Copies every public table into the template schema and records what a reset needs. */
async function captureTemplate(pg: Pglite): Promise<Pick<PooledDatabase, 'tables' | 'sequences'>> {
  await pg.exec(`create schema ${TEMPLATE_SCHEMA}`);
  const { rows: tableRows } = await pg.query<{ name: string; columns: string }>(
    `select c.table_name as name, string_agg(quote_ident(c.column_name), ', ' order by c.ordinal_position) as columns
       from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      group by c.table_name order by c.table_name`,
  );
  const tables: TableCopy[] = [];
  for (const { name, columns } of tableRows) {
    await pg.exec(`create table ${TEMPLATE_SCHEMA}.${quote(name)} as select ${columns} from public.${quote(name)}`);
    const { count } = await one<{ count: number }>(pg, `select count(*)::int as count from ${TEMPLATE_SCHEMA}.${quote(name)}`);
    tables.push({ name, columns, rows: count });
  }
  const { rows: sequences } = await pg.query<{ name: string; value: number | null }>(
    `select quote_ident(sequencename) as name, last_value::float8 as value from pg_sequences where schemaname = 'public'`,
  );
  return { tables, sequences };
}

/**
 * A folder for this jest run's database images (set by jest.global-setup.cjs): the first worker to
 * migrate (and seed) a database dumps it there, and every later database of that kind in any
 * worker starts from the image, in about a tenth of the time. Per run, so it always holds what this
 * checkout's migrations and seed make.
 */
const IMAGES_DIR = process.env.PORTAL_TEST_PGLITE_IMAGES;

type ImageMeta = Pick<PooledDatabase, 'tables' | 'sequences' | 'fingerprint'>;

function imagePaths(kind: PoolKind): { tar: string; meta: string } | null {
  if (!IMAGES_DIR || kind === 'empty') return null;
  return { tar: path.join(IMAGES_DIR, `${kind}.tar`), meta: path.join(IMAGES_DIR, `${kind}.json`) };
}

async function fromImage(kind: PoolKind): Promise<PooledDatabase | null> {
  const paths = imagePaths(kind);
  // The metadata is written last: when it is there, the image is whole.
  if (!paths || !fs.existsSync(paths.meta)) return null;
  const meta = JSON.parse(fs.readFileSync(paths.meta, 'utf8')) as ImageMeta;
  const { Blob: HostBlob } = hostRequire('node:buffer') as typeof import('node:buffer');
  const pg = await startPglite(undefined, new HostBlob([fs.readFileSync(paths.tar)]) as Blob);
  return { pg, kind, ...meta };
}

async function saveImage(entry: PooledDatabase): Promise<void> {
  const paths = imagePaths(entry.kind);
  if (!paths || fs.existsSync(paths.meta)) return;
  const image = Buffer.from(await (await entry.pg.dumpDataDir('none')).arrayBuffer());
  // Written under a name of this process and renamed: another worker never reads half a file.
  const write = (file: string, data: string | Buffer) => {
    fs.writeFileSync(`${file}.${process.pid}`, data);
    fs.renameSync(`${file}.${process.pid}`, file);
  };
  write(paths.tar, image);
  const meta: ImageMeta = { tables: entry.tables, sequences: entry.sequences, fingerprint: entry.fingerprint };
  write(paths.meta, JSON.stringify(meta));
}

async function create(kind: PoolKind): Promise<PooledDatabase> {
  const imaged = await fromImage(kind);
  if (imaged) return imaged;
  const pg = await startPglite();
  const base = { pg, kind, tables: [], sequences: [] };
  if (kind === 'empty') return { ...base, fingerprint: '' };
  const db = wrapPglite(pg, async () => undefined);
  await migrate(db);
  if (kind === 'seeded') await seedDemo(db);
  const template = await captureTemplate(pg);
  const entry = { ...base, ...template, fingerprint: await fingerprintOf(pg) };
  await saveImage(entry);
  return entry;
}

/**
 * Back to the state `create` left. Statements run one at a time: PGlite takes far longer over one
 * string holding them all.
 */
async function reset(entry: PooledDatabase): Promise<boolean> {
  const { pg } = entry;
  await pg.exec('discard all');
  // Which dropped the prepared statements of the wrappers' driver too.
  preparedQueries(pg).reset();
  if (entry.kind === 'empty') {
    const { rows } = await pg.query<{ name: string }>(
      `select quote_ident(nspname) as name from pg_namespace where nspname not like 'pg\\_%' and nspname not in ${SYSTEM_SCHEMAS}`,
    );
    for (const { name } of rows) await pg.exec(`drop schema ${name} cascade`);
    await pg.exec('create schema public');
    return true;
  }
  if ((await fingerprintOf(pg)) !== entry.fingerprint) return false;
  await pg.exec(`truncate table ${entry.tables.map((table) => `public.${quote(table.name)}`).join(', ')} cascade`);
  // Rows go back in table-name order; replica mode skips the foreign-key triggers meanwhile.
  await pg.exec('set session_replication_role = replica');
  for (const table of entry.tables) {
    if (!table.rows) continue;
    const name = quote(table.name);
    await pg.exec(`insert into public.${name} (${table.columns}) overriding system value select ${table.columns} from ${TEMPLATE_SCHEMA}.${name}`);
  }
  await pg.exec('reset session_replication_role');
  for (const sequence of entry.sequences) {
    await pg.query(`select setval('public.${sequence.name}', $1, $2)`, [sequence.value ?? 1, sequence.value !== null]);
  }
  return true;
}

async function take(kind: PoolKind): Promise<PooledDatabase> {
  for (;;) {
    const index = idle.findIndex((entry) => entry.kind === kind);
    if (index < 0) return create(kind);
    const [entry] = idle.splice(index, 1);
    clearTimeout(entry.idleTimer);
    const ok = await reset(entry).catch(() => false);
    if (ok) return entry;
    await entry.pg.close().catch(() => undefined);
  }
}

// After DDL, PGlite keeps a 10-second statistics timer that holds the process open, so an idle
// database is closed after a while. A jest worker (a child process jest talks to over IPC) is ended
// by jest when the run is over, and loading the next test file can take seconds on a busy machine:
// it keeps its databases for longer. A run in band exits soon after its last test.
const hostProcess = vm.runInThisContext('process') as NodeJS.Process;
const IDLE_CLOSE_MS = typeof hostProcess.send === 'function' ? 30_000 : 3_000;

function release(entry: PooledDatabase): void {
  idle.push(entry);
  // The host realm's timer: jest's fake timers must not hold it, and it must not hold the process.
  entry.idleTimer = hostGlobal.setTimeout(() => {
    const index = idle.indexOf(entry);
    if (index >= 0) idle.splice(index, 1);
    void entry.pg.close().catch(() => undefined);
  }, IDLE_CLOSE_MS);
  entry.idleTimer.unref();
}

/** A database of this kind for one test; closing it hands it back to the pool. */
export async function leaseDatabase(kind: PoolKind): Promise<Db> {
  const entry = await take(kind);
  return wrapPglite(entry.pg, async () => release(entry));
}
