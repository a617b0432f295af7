import type { MessagePort } from 'node:worker_threads';
import type { DbDriver, QueryResult, Queryable, Statement } from '@portal/db';
import type { EngineDb } from '../ports';

// An embedded PGlite lives in one thread only (it is the process's database). An engine thread works in
// it through this bridge: statements travel over a MessagePort to the host thread, which runs them and
// answers with the rows. The host thread then spends on the engine only PGlite's own execution; the
// engine's HTTP, parsing, hashing, compression, encryption and file writes stay in the engine thread.

type Request =
  | { id: number; op: 'query'; tx: number | null; sql: string; params?: unknown[] }
  | { id: number; op: 'exec'; tx: number | null; sql: string }
  | { id: number; op: 'batch'; statements: Statement[] }
  | { id: number; op: 'begin' | 'commit' | 'rollback'; tx: number };

/** A request before it gets its id (each member of the union on its own). */
type Call = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

type Reply = { id: number; value?: unknown; error?: { message: string; code?: string } };

/** Rolls back an open bridged transaction (a value, not an error anyone should see). */
const ROLLBACK = Symbol('rollback');

export interface DbBridge {
  /** Stops serving and rolls back what the thread left open (a thread that died mid-transaction). */
  close(): Promise<void>;
}

interface OpenTransaction {
  /** The transaction once BEGIN ran. */
  handle: Promise<Queryable>;
  /** The last statement sent in it; the next one runs after it (and fails if it failed). */
  last: Promise<unknown>;
  decide: (commit: boolean) => void;
  /** Settles when the transaction has committed or rolled back. */
  done: Promise<void>;
}

/**
 * Host side: runs what the engine thread sends on `port` in `db`. A bridged transaction holds a real
 * transaction of `db` open until the thread commits or rolls it back, so its statements see each
 * other and nobody else sees them before the commit, as in the engine's own thread. The thread names
 * its transactions and may send begin, statements and commit without waiting for answers: they run
 * here in arrival order, so the database is held as long as they take to execute, not for the
 * thread's round trips.
 */
export function serveDbBridge(port: MessagePort, db: EngineDb): DbBridge {
  const open = new Map<number, OpenTransaction>();

  function begin(txId: number): void {
    let decide: (commit: boolean) => void = () => undefined;
    const decided = new Promise<boolean>((resolve) => (decide = resolve));
    let started: (tx: Queryable) => void = () => undefined;
    let failed: (error: unknown) => void = () => undefined;
    const handle = new Promise<Queryable>((resolve, reject) => ((started = resolve), (failed = reject)));
    const done = db
      .transaction(async (tx) => {
        started(tx);
        if (!(await decided)) throw ROLLBACK;
      })
      .then(
        () => undefined,
        (error: unknown) => {
          failed(error);
          if (error !== ROLLBACK) throw error;
        },
      );
    // Reported to whoever commits; nobody else awaits these.
    done.catch(() => undefined);
    handle.catch(() => undefined);
    open.set(txId, { handle, last: handle, decide, done });
  }

  function inTransaction<T>(txId: number, run: (tx: Queryable) => Promise<T>): Promise<T> {
    const entry = open.get(txId);
    if (!entry) return Promise.reject(new Error(`No open bridged transaction ${txId}`));
    const result = entry.last.then(() => entry.handle.then(run));
    entry.last = result;
    return result;
  }

  function finish(txId: number, commit: boolean): Promise<void> {
    const entry = open.get(txId);
    if (!entry) return Promise.reject(new Error(`No open bridged transaction ${txId}`));
    open.delete(txId);
    // After the statements sent before it; a failed statement turns a commit into a rollback.
    return entry.last.then(
      () => {
        entry.decide(commit);
        return entry.done;
      },
      (error: unknown) => {
        entry.decide(false);
        return entry.done.then(() => {
          if (commit) throw error;
        });
      },
    );
  }

  function handle(request: Request): Promise<unknown> {
    switch (request.op) {
      case 'query': {
        const run = (q: Queryable) => q.query(request.sql, request.params).then((result) => ({ rows: result.rows }));
        return request.tx === null ? run(db) : inTransaction(request.tx, run);
      }
      case 'exec':
        return request.tx === null ? db.exec(request.sql) : inTransaction(request.tx, (q) => q.exec(request.sql));
      case 'batch':
        return db.batch(request.statements).then((results) => results.map((result) => ({ rows: result.rows })));
      case 'begin':
        begin(request.tx);
        return Promise.resolve(null);
      case 'commit':
      case 'rollback':
        return finish(request.tx, request.op === 'commit');
    }
  }

  port.on('message', (request: Request) => {
    handle(request).then(
      (value) => port.postMessage({ id: request.id, value } satisfies Reply),
      (error: unknown) => {
        const { message, code } = error as { message?: unknown; code?: unknown };
        port.postMessage({ id: request.id, error: { message: String(message ?? error), code: typeof code === 'string' ? code : undefined } } satisfies Reply);
      },
    );
  });

  return {
    async close() {
      port.close();
      const left = [...open.values()];
      open.clear();
      for (const entry of left) entry.decide(false);
      await Promise.all(left.map((entry) => entry.done.catch(() => undefined)));
    },
  };
}

/** Engine-thread side: the host's database, reached over `port`. Notifications are not bridged (the engine listens to none). */
export function bridgedDb(port: MessagePort, driver: DbDriver): EngineDb {
  let nextId = 1;
  let nextTx = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  port.on('message', (reply: Reply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.error) waiter.reject(Object.assign(new Error(reply.error.message), reply.error.code ? { code: reply.error.code } : {}));
    else waiter.resolve(reply.value);
  });

  function call<T>(request: Call): Promise<T> {
    const id = nextId;
    nextId += 1;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      port.postMessage({ ...request, id });
    });
  }

  const on = (tx: number | null): Queryable => ({
    query: <T>(sql: string, params?: unknown[]) => call<QueryResult<T>>({ op: 'query', tx, sql, params }),
    exec: (sql: string) => call<void>({ op: 'exec', tx, sql }),
  });

  return {
    driver,
    ...on(null),
    async transaction(fn) {
      // Not awaited: the begin travels with the statements that follow it.
      const tx = nextTx;
      nextTx += 1;
      const begun = call({ op: 'begin', tx });
      let value;
      try {
        value = await fn(on(tx));
      } catch (error) {
        await call({ op: 'rollback', tx }).catch(() => undefined);
        throw error;
      }
      await Promise.all([begun, call({ op: 'commit', tx })]);
      return value;
    },
    batch: (statements) => call({ op: 'batch', statements }),
    listen: () => Promise.reject(new Error('Notifications are not bridged to the engine thread')),
  };
}
