import type { PGlite } from '@electric-sql/pglite';
import { loadPglite } from './load-pglite';

/**
 * Statements on PGlite as named prepared statements, one per SQL text: PGlite's own query() parses,
 * analyses and plans its statement again on every call, and sends it as six messages, each a call into
 * the WebAssembly. Here a statement is parsed once (with a Describe for its parameter types), and each
 * later call sends Bind, Describe, Execute and Sync in one message; PostgreSQL may then reuse its plan
 * (plan_cache_mode auto, as node-postgres' named statements get on a server). An engine run repeats a
 * handful of statements thousands of times, and an API request is a few of them.
 *
 * Values are serialised and rows parsed exactly as PGlite's query() does (its serializers by parameter
 * type, parseResults), and errors are its DatabaseError with the same query fields.
 */

/** Distinct SQL texts kept prepared (here and on PostgreSQL, pg-prepared.ts); the least recently used one is closed beyond it. */
export const PREPARED_LIMIT = 500;

/**
 * Errors after which a statement is prepared again: a table it reads changed its columns since it was
 * prepared, or the session dropped it (`discard all`).
 */
const PREPARE_AGAIN = new Set(['0A000', '26000']);

interface Prepared {
  name: string;
  paramTypes: number[];
}

type Results = Awaited<ReturnType<PGlite['query']>>;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export interface PreparedQueries {
  /** A statement outside any transaction (waits for a transaction in progress, as PGlite's query does). */
  query(sql: string, params: unknown[] | undefined): Promise<Results>;
  /** A statement inside the transaction the caller holds (PGlite's transaction callback). */
  queryInTransaction(sql: string, params: unknown[] | undefined): Promise<Results>;
  /** Forgets every prepared statement (after a schema change). */
  reset(): void;
}

// Per PGlite, not per wrapper: a pooled PGlite (the test suites') is wrapped again for each test, and
// its prepared statements belong to its one session.
const byInstance = new WeakMap<PGlite, PreparedQueries>();
/** Statement names, unique in the process: a name is never reused, whatever a session dropped. */
let counter = 0;

/** The prepared statements of `pg` (made on first use). */
export function preparedQueries(pg: PGlite, limit = PREPARED_LIMIT): PreparedQueries {
  let queries = byInstance.get(pg);
  if (!queries) byInstance.set(pg, (queries = createPreparedQueries(pg, limit)));
  return queries;
}

function createPreparedQueries(pg: PGlite, limit: number): PreparedQueries {
  const { protocol, parse } = loadPglite();
  const { serialize } = protocol;
  /** By SQL text, least recently used first. */
  const prepared = new Map<string, Prepared>();
  /** Closes to send with the next statement (statements evicted, or dropped after a schema change). */
  let closes: Uint8Array[] = [];

  const withQuery = (error: unknown, sql: string, params: unknown[] | undefined) => {
    // Not instanceof Error: PGlite runs in the host realm, which under jest is not the caller's.
    if (typeof error === 'object' && error !== null) Object.assign(error, { query: sql, params });
    return error;
  };

  async function prepare(sql: string, params: unknown[] | undefined): Promise<Prepared> {
    const found = prepared.get(sql);
    if (found) {
      prepared.delete(sql);
      prepared.set(sql, found);
      return found;
    }
    const name = `portal_${(counter += 1)}`;
    const messages = await pg
      .execProtocolStream(concat([...closes, serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false })
      .catch((error: unknown) => Promise.reject(withQuery(error, sql, params)));
    closes = [];
    const description = messages.find((message) => message.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    prepared.set(sql, statement);
    if (prepared.size > limit) {
      const [oldest, evicted] = prepared.entries().next().value as [string, Prepared];
      prepared.delete(oldest);
      closes.push(serialize.close({ type: 'S', name: evicted.name }));
    }
    return statement;
  }

  async function run(sql: string, params: unknown[] | undefined, inTransaction: boolean, retried = false): Promise<Results> {
    const statement = await prepare(sql, params);
    const values = (params ?? []).map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[statement.paramTypes[i]];
      return serializer ? serializer(value) : String(value);
    });
    let messages;
    try {
      messages = await pg.execProtocolStream(
        concat([...closes, serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false },
      );
      closes = [];
    } catch (error) {
      closes = [];
      // Prepared again (once; inside a transaction the error has ended it, so the caller sees it as
      // PGlite's query would have).
      if (PREPARE_AGAIN.has((error as { code?: string }).code ?? '') && prepared.get(sql) === statement) {
        prepared.delete(sql);
        closes.push(serialize.close({ type: 'S', name: statement.name }));
        if (!inTransaction && !retried) return run(sql, params, inTransaction, true);
      }
      throw withQuery(error, sql, params);
    }
    if (!inTransaction) await pg.syncToFs();
    return parse.parseResults(messages, pg.parsers)[0];
  }

  return {
    query: (sql, params) => pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run(sql, params, false))),
    queryInTransaction: (sql, params) => pg._runExclusiveQuery(() => run(sql, params, true)),
    reset() {
      for (const statement of prepared.values()) closes.push(serialize.close({ type: 'S', name: statement.name }));
      prepared.clear();
    },
  };
}
