import type { EventEmitter } from 'node:events';
import path from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { serveDbBridge, startTsProcess, startTsWorker, type DbBridge, type ThreadedDb } from '@portal/db';
import { OutboundPolicy } from '@portal/outbound-guard';
import type { EngineDb, JobQueue } from '../ports';
import type { EngineThreadOptions, FromEngineThread, ToEngineProcess, ToEngineThread } from './engine-thread-options';

export interface EngineThread {
  /** For the host's own engine: announcements go to the thread's queue, whose workers run the jobs. */
  readonly queue: JobQueue;
  /** For the host's own engine: an origin allowed here (the demo's emulator) is allowed in the thread too. */
  readonly outbound: OutboundPolicy;
  /** Resolves with the thread engine's worker id once its workers run; rejects when the first thread dies before. */
  readonly started: Promise<string>;
  /** Tells the thread whether the host is busy answering requests, so its backups pace themselves (jobs/host-pace.ts). */
  setHostBusy(busy: boolean): void;
  /** Stops the thread's workers (running jobs stop at their next checkpoint and resume later) and ends the thread. */
  stop(): Promise<void>;
}

/** A policy whose runtime allowances reach the engine thread as well. */
class ForwardingPolicy extends OutboundPolicy {
  constructor(
    options: EngineThreadOptions['engine']['outbound'],
    private readonly forward: (origin: string, network?: string) => void,
  ) {
    super(options);
  }
  override allowOrigin(origin: string, network?: string): void {
    super.allowOrigin(origin, network);
    this.forward(origin, network);
  }
}

/** A running engine: a worker thread, or a child process. */
interface EngineChild {
  post(message: ToEngineThread): void;
  /** The Worker or ChildProcess: 'message' (FromEngineThread), 'error' and 'exit' (code) events. */
  events: EventEmitter;
  /** Ends it now (after its 'stopped', or when it does not answer). */
  end(): Promise<void>;
}

const RESTART_MS = [1_000, 5_000, 30_000];
const STOP_TIMEOUT_MS = 60_000;

/**
 * Runs the process's job workers, scheduler and worker heartbeat apart from the host thread, so a
 * backup's work never delays its requests. On PostgreSQL they run in a child process at the lowest
 * priority (engine-process-main.ts) with a pool of its own; on an embedded PGlite, which only this
 * process can open, in a worker thread (engine-thread-worker.ts) that works in `db` through the bridge,
 * served by PGlite's own thread when it has one (openPgliteThread), else by this one.
 * An engine that dies is started again (its jobs' heartbeats go stale and the new one resumes them).
 */
export function startEngineThread(db: EngineDb, options: EngineThreadOptions, log: (message: string, error?: unknown) => void): EngineThread {
  let worker: EngineChild | null = null;
  let bridge: DbBridge | null = null;
  let stopping = false;
  let failures = 0;
  const allowed: Array<{ origin: string; network?: string }> = [];
  let markStarted: (workerId: string) => void = () => undefined;
  let failStart: (error: Error) => void = () => undefined;
  let hasStarted = false;
  const started = new Promise<string>((resolve, reject) => ((markStarted = resolve), (failStart = reject)));
  started.catch(() => undefined);
  let onStopped: () => void = () => undefined;

  const kind = options.database ? 'process' : 'thread';
  const post = (message: ToEngineThread) => worker?.post(message);
  let hostBusy = false;

  /** The thread's way to the host's embedded database: straight to its own thread, or served from this one. */
  function dbPort(): MessagePort | undefined {
    if (options.database) return undefined;
    if (isThreaded(db)) return db.connect();
    const channel = new MessageChannel();
    bridge = serveDbBridge(channel.port1, db);
    return channel.port2;
  }

  function startChild(): EngineChild {
    if (options.database) {
      const child = startTsProcess(path.join(__dirname, 'engine-process-main.ts'));
      const send = (message: ToEngineProcess) => {
        // A message to a process that has just exited is dropped: it is started again and told anew.
        if (child.connected) child.send(message);
      };
      send({ type: 'init', data: { options, driver: 'postgres' } });
      return {
        post: send,
        events: child,
        end: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill();
          await exited;
        },
      };
    }
    const port = dbPort();
    const thread = startTsWorker(path.join(__dirname, 'engine-thread-worker.ts'), { options, dbPort: port, driver: db.driver }, port ? [port] : []);
    return {
      post: (message) => thread.postMessage(message),
      events: thread,
      end: async () => void (await thread.terminate()),
    };
  }

  function spawn(): void {
    const current = startChild();
    worker = current;
    for (const rule of allowed) current.post({ type: 'allow-origin', ...rule });
    if (hostBusy) current.post({ type: 'host-busy', busy: true });
    current.events.on('message', (message: FromEngineThread) => {
      if (message.type === 'log') log(message.message, message.error);
      if (message.type === 'started') {
        failures = 0;
        hasStarted = true;
        markStarted(message.workerId);
      }
      if (message.type === 'stopped') onStopped();
    });
    current.events.on('error', (error) => log(`engine ${kind} failed`, error));
    current.events.on('exit', (code) => {
      const ended = bridge;
      bridge = null;
      worker = null;
      // Whatever the thread left open in the host's database must not hold it.
      void ended?.close();
      onStopped();
      if (stopping) return;
      if (!hasStarted) {
        // A thread that cannot even start (a broken install) would fail the same way again.
        stopping = true;
        failStart(new Error(`The engine ${kind} exited (code ${code}) before it started`));
        return;
      }
      const delay = RESTART_MS[Math.min(failures, RESTART_MS.length - 1)];
      failures += 1;
      log(`engine ${kind} exited (code ${code}); starting it again in ${delay} ms`);
      setTimeout(() => stopping || spawn(), delay).unref();
    });
  }

  spawn();
  return {
    queue: {
      kind: options.queue.kind,
      async enqueue(jobId) {
        post({ type: 'enqueue', jobId });
      },
      async start() {
        throw new Error('The engine thread runs the jobs');
      },
      async stop() {
        // Nothing runs here; the thread's queue stops with the thread.
      },
    },
    outbound: new ForwardingPolicy(options.engine.outbound, (origin, network) => {
      allowed.push({ origin, network });
      post({ type: 'allow-origin', origin, network });
    }),
    started,
    setHostBusy(busy) {
      if (busy === hostBusy) return;
      hostBusy = busy;
      post({ type: 'host-busy', busy });
    },
    async stop() {
      stopping = true;
      const current = worker;
      if (!current) return;
      const stopped = new Promise<void>((resolve) => (onStopped = resolve));
      current.post({ type: 'stop' });
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS).unref());
      await Promise.race([stopped, timeout]);
      await current.end();
      await bridge?.close();
    },
  };
}

const isThreaded = (db: EngineDb): db is ThreadedDb => typeof (db as Partial<ThreadedDb>).connect === 'function';
