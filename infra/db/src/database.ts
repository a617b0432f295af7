import fs from 'node:fs';
import { Pool, types, type ClientBase } from 'pg';
import { assertSafeChannel, listenPostgres, type ListenStateHandler, type NotifyHandler, type Subscription } from './listen';
import { loadPglite, pgliteAssets } from './load-pglite';
import { preparedQueries } from './pglite-prepared';
import { BACKGROUND_APPLICATION_NAME, lowerServerProcessPriority } from './pg-background';
import { pgStatements } from './pg-prepared';

export type DbDriver = 'pglite' | 'postgres';

export interface QueryResult<T> {
  rows: T[];
}

export interface QueryOptions {
  /**
   * Plan the statement for its values every time it runs. Statements are prepared once per session
   * (pglite-prepared.ts, pg-prepared.ts), and PostgreSQL may then keep one generic plan for all values;
   * a statement whose best plan depends on its values asks for this (full-text search: a common word is
   * best served by the date index, a rare one by the text index).
   */
  planEachRun?: boolean;
}

/** Anything that can run statements: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migration files). */
  exec(sql: string): Promise<void>;
}

/** One statement of a batch. */
export interface Statement {
  sql: string;
  params?: unknown[];
}

export interface Db extends Queryable {
  readonly driver: DbDriver;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs statements in order in one transaction and returns their results. For statements that do not
   * depend on each other's results: a database reached over a channel (the engine thread's bridge)
   * gets them in one message and is held only while they execute.
   */
  batch(statements: Statement[]): Promise<QueryResult<Record<string, unknown>>[]>;
  /**
   * Receives NOTIFY on a channel (database-wide on PostgreSQL, whatever the schema). `onState` hears
   * whenever delivery stops or resumes: notifications sent meanwhile are lost. Closing the database
   * ends every subscription.
   */
  listen(channel: string, onNotify: NotifyHandler, onState?: ListenStateHandler): Promise<Subscription>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PGlite data folder; in-memory when undefined. Ignored when databaseUrl is set. */
  dataDir?: string;
  /** postgres://... switches to a node-postgres pool. */
  databaseUrl?: string;
  /** PostgreSQL only: schema to use (created if missing), used by tests to isolate runs. */
  schema?: string;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
  /** PGlite only: run it in a thread of its own (pglite-thread.ts) instead of the caller's. */
  thread?: boolean;
  /**
   * PostgreSQL only: the pool does background work (the backup engine's): its sessions are named
   * BACKGROUND_APPLICATION_NAME and, where the server runs on this machine, run at the lowest priority
   * (pg-background.ts).
   */
  background?: boolean;
}

/** `batch` for a driver whose statements already travel in-process: a transaction that runs them one by one. */
export function batchInTransaction(db: Pick<Db, 'transaction'>, statements: Statement[]): Promise<QueryResult<Record<string, unknown>>[]> {
  return db.transaction(async (tx) => {
    const results: QueryResult<Record<string, unknown>>[] = [];
    for (const statement of statements) results.push(await tx.query(statement.sql, statement.params));
    return results;
  });
}

// int8 (bigint, count(*)) as number: none of our counters come near 2^53.
types.setTypeParser(20, (value) => Number(value));

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  // Loaded only when asked for: a process that never starts the thread does not load its module.
  if (options.thread) return (await import('./pglite-thread')).openPgliteThread(options.dataDir);
  return openPglite(options.dataDir);
}

type PGliteInstance = InstanceType<ReturnType<typeof loadPglite>['PGlite']>;

async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = await startPglite(dataDir);
  return wrapPglite(pg, () => pg.close());
}

/**
 * A ready PGlite (in memory when dataDir is undefined), sharing the compiled WebAssembly of the
 * process; `image` (a `dumpDataDir` tarball, a Blob of the host realm) is its starting content.
 */
export async function startPglite(dataDir?: string, image?: Blob): Promise<PGliteInstance> {
  const { PGlite } = loadPglite();
  const assets = await pgliteAssets();
  // One options object: PGlite reads its second argument only when the first is a path, so an
  // in-memory database given (undefined, options) would compile its WebAssembly again and ignore the image.
  const pg = new PGlite({ ...assets, dataDir, ...(image ? { loadDataDir: image } : {}) });
  await pg.waitReady;
  return pg;
}

/**
 * The Db interface over an open PGlite. `release` runs once, on the first close(); after it every
 * statement is refused, so late work of a closed app can never reach a database reused elsewhere.
 */
export function wrapPglite(pg: PGliteInstance, release: () => Promise<void>): Db {
  let closed = false;
  const open = () => {
    if (closed) throw new Error('The database is closed');
    return pg;
  };
  const prepared = preparedQueries(pg);
  // A pooled PGlite outlives this wrapper: its listeners must go with it.
  const subscriptions = new Set<Subscription>();
  const db: Db = {
    driver: 'pglite',
    async query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
      const pglite = open();
      const result = options?.planEachRun ? await pglite.query<T>(sql, params) : await prepared.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await open().exec(sql);
      // Scripts change the schema (migrations): no statement prepared before may see the old one.
      prepared.reset();
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return open().transaction(async (tx) =>
        fn({
          async query<R>(sql: string, params?: unknown[], options?: QueryOptions) {
            if (options?.planEachRun) return { rows: (await tx.query<R>(sql, params)).rows };
            if (tx.closed) throw new Error('Transaction is closed');
            return { rows: (await prepared.queryInTransaction(sql, params)).rows as R[] };
          },
          async exec(sql: string) {
            await tx.exec(sql);
            prepared.reset();
          },
        }),
      );
    },
    batch: (statements) => batchInTransaction(db, statements),
    async listen(channel: string, onNotify: NotifyHandler, onState: ListenStateHandler = () => undefined) {
      // In-process: delivered right after the notifying statement commits, and never disconnected
      // until the database closes.
      const unlisten = await open().listen(assertSafeChannel(channel), onNotify);
      let connected = true;
      const subscription: Subscription = {
        get connected() {
          return connected;
        },
        // Delivered in-process with the notifying statement's result: nothing is ever in flight.
        async sync() {},
        async close() {
          if (!subscriptions.delete(subscription)) return;
          connected = false;
          onState(false);
          await unlisten().catch(() => undefined);
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },
    async close() {
      if (closed) return;
      for (const subscription of [...subscriptions]) await subscription.close();
      closed = true;
      await release();
    },
  };
  return db;
}

function assertSafeIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Unsafe schema name: ${name}`);
  return name;
}

async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<Db> {
  const schema = options.schema ? assertSafeIdentifier(options.schema) : undefined;
  if (schema) {
    const setup = new Pool({ connectionString: databaseUrl, max: 1 });
    try {
      await setup.query(`create schema if not exists ${schema}`);
    } finally {
      await setup.end();
    }
  }
  const pool = new Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    ...(options.background ? { application_name: BACKGROUND_APPLICATION_NAME } : {}),
    // Awaited before the new session's first statement: a 'connect' listener's query ran alongside
    // it instead, which pg deprecates (pg@9 refuses a query sent to a busy client). A refusal to
    // renice leaves the session as it is.
    ...(options.background ? { onConnect: (client: ClientBase) => lowerServerProcessPriority(client).then(() => undefined, () => undefined) } : {}),
  });
  // An idle client that loses its connection emits 'error'; without a listener the process dies.
  pool.on('error', () => undefined);
  const subscriptions: Subscription[] = [];
  let closed = false;
  const statements = pgStatements();
  const db: Db = {
    driver: 'postgres',
    async query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
      const config = statements.config(sql, params, options?.planEachRun);
      try {
        return { rows: (await pool.query(config)).rows as T[] };
      } catch (error) {
        if (!statements.renamed(config, error)) throw error;
        return { rows: (await pool.query(statements.config(sql, params))).rows as T[] };
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const value = await fn({
          async query<R>(sql: string, params?: unknown[], options?: QueryOptions) {
            const config = statements.config(sql, params, options?.planEachRun);
            try {
              return { rows: (await client.query(config)).rows as R[] };
            } catch (error) {
              // The transaction has ended: a new name only serves the statement's next run.
              statements.renamed(config, error);
              throw error;
            }
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('commit');
        return value;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    batch: (statements) => batchInTransaction(db, statements),
    async listen(channel: string, onNotify: NotifyHandler, onState?: ListenStateHandler) {
      if (closed) throw new Error('The database is closed');
      const subscription = await listenPostgres(databaseUrl, channel, onNotify, onState);
      subscriptions.push(subscription);
      return subscription;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const subscription of subscriptions) await subscription.close();
      await pool.end();
    },
  };
  return db;
}
