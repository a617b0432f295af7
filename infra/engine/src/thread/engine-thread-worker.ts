import os from 'node:os';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from '@portal/db';
import { runEngine, type EngineRunnerData } from './engine-runner';
import type { FromEngineThread, ToEngineThread } from './engine-thread-options';

// The engine thread's entry (started by engine-thread.ts on an embedded PGlite): the host process's
// engine on a thread of its own, so the host's requests never wait behind a backup's work.

// Backups are background work: the lowest priority (nice 19, not the database thread's 10), so a
// request woken on a busy core preempts the engine at once.
lowerThreadPriority(os.constants.priority.PRIORITY_LOW);
const port = parentPort!;
const send = (message: FromEngineThread) => port.postMessage(message);

// Named after its thread, so /operator's Workers tells it from a worker process's engine.
runEngine({ send, onMessage: (listener) => port.on('message', (message: ToEngineThread) => listener(message)) }, workerData as EngineRunnerData, `thread${threadId}`).catch(
  (error: Error) => {
    send({ type: 'log', message: 'engine thread failed to start', error: error.stack ?? error.message });
    throw error;
  },
);
