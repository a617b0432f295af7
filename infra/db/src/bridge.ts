import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { Db, DbDriver, QueryOptions, QueryResult, Queryable, Statement } from './database';
import type { ListenStateHandler, NotifyHandler, Subscription } from './listen';

// An embedded PGlite lives in one thread only (it is the process's database). Other threads work in it
// through this bridge: statements travel over a MessagePort to the thread that holds it, which runs
// them and answers with the rows. The engine thread reaches the database this way, and so does the
// API's own thread when PGlite runs in a thread of its own (pglite-thread.ts): then no statement, the
// API's or a backup's, ever runs on the thread that answers requests.

type Request =
  | { id: number; op: 'query'; tx: number | null; sql: string; params?: unknown[]; options?: QueryOptions }
  | { id: number; op: 'exec'; tx: number | null; sql: string }
  | { id: number; op: 'batch'; statements: Statement[] }
  | { id: number; op: 'begin' | 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'listen'; channel: string; sub: number }
  | { id: number; op: 'unlisten'; sub: number };

/** A request before it gets its id (each member of the union on its own). */
type Call = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

type BridgedError = { message: string; code?: string; constraint?: string };
type Reply = { id: number; value?: unknown; error?: BridgedError };
/** A notification of a bridged subscription, sent between replies on the same port. */
type Notification = { notify: number; payload: string };

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
export function serveDbBridge(port: MessagePort, db: Omit<Db, 'close'>): DbBridge {
  const open = new Map<number, OpenTransaction>();
  const subscriptions = new Map<number, Subscription>();

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
        const run = (q: Queryable) => q.query(request.sql, request.params, request.options).then((result) => ({ rows: result.rows }));
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
      case 'listen': {
        const { sub } = request;
        return db
          .listen(request.channel, (payload) => port.postMessage({ notify: sub, payload } satisfies Notification))
          .then((subscription) => void subscriptions.set(sub, subscription));
      }
      case 'unlisten': {
        const subscription = subscriptions.get(request.sub);
        subscriptions.delete(request.sub);
        return subscription ? subscription.close() : Promise.resolve();
      }
    }
  }

  port.on('message', (request: Request) => {
    handle(request).then(
      (value) => port.postMessage({ id: request.id, value } satisfies Reply),
      (error: unknown) => {
        const { message, code, constraint } = error as { message?: unknown; code?: unknown; constraint?: unknown };
        const bridged: BridgedError = { message: String(message ?? error) };
        if (typeof code === 'string') bridged.code = code;
        if (typeof constraint === 'string') bridged.constraint = constraint;
        port.postMessage({ id: request.id, error: bridged } satisfies Reply);
      },
    );
  });

  return {
    async close() {
      port.close();
      const listening = [...subscriptions.values()];
      subscriptions.clear();
      await Promise.all(listening.map((subscription) => subscription.close().catch(() => undefined)));
      const left = [...open.values()];
      open.clear();
      for (const entry of left) entry.decide(false);
      await Promise.all(left.map((entry) => entry.done.catch(() => undefined)));
    },
  };
}

/** The calling side of a bridge: the database that `serveDbBridge` serves at the other end of `port`. */
export interface BridgedDb extends Db {
  /** Fails every statement waiting for an answer and every later one: the serving side is gone. */
  fail(error: Error): void;
}

/** The calling side: the database served at the other end of `port` (by serveDbBridge). */
export function bridgedDb(port: MessagePort, driver: DbDriver, onClose: () => Promise<void> = async () => port.close()): BridgedDb {
  let nextId = 1;
  let nextTx = 1;
  let nextSub = 1;
  let failure: Error | null = null;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<number, NotifyHandler>();
  const receive = (message: Reply | Notification) => {
    if ('notify' in message) {
      listeners.get(message.notify)?.(message.payload);
      return;
    }
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) {
      const { message: text, ...facts } = message.error;
      waiter.reject(Object.assign(new Error(text), facts));
    } else waiter.resolve(message.value);
  };
  port.on('message', receive);

  function call<T>(request: Call): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = nextId;
    nextId += 1;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      port.postMessage({ ...request, id });
    });
  }

  const on = (tx: number | null): Queryable => ({
    query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => call<QueryResult<T>>({ op: 'query', tx, sql, params, options }),
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
    async listen(channel: string, onNotify: NotifyHandler, onState: ListenStateHandler = () => undefined) {
      const sub = nextSub;
      nextSub += 1;
      listeners.set(sub, onNotify);
      try {
        await call({ op: 'listen', channel, sub });
      } catch (error) {
        listeners.delete(sub);
        throw error;
      }
      let connected = true;
      return {
        get connected() {
          return connected;
        },
        // The serving thread posts a commit's notifications before it answers the commit, so what
        // was committed before this call waits in the port's queue at the latest: taken from there
        // now, without a round trip that would wait behind whatever statement that thread is running.
        async sync() {
          for (let next = receiveMessageOnPort(port); next; next = receiveMessageOnPort(port)) receive(next.message as Reply | Notification);
        },
        async close() {
          if (!listeners.delete(sub)) return;
          connected = false;
          onState(false);
          await call({ op: 'unlisten', sub }).catch(() => undefined);
        },
      } satisfies Subscription;
    },
    close: onClose,
    fail(error) {
      failure = error;
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    },
  };
}
