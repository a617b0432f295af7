import os from 'node:os';
import { lowerProcessPriority } from '@portal/db';
import { runEngine } from './engine-runner';
import type { FromEngineThread, ToEngineProcess, ToEngineThread } from './engine-thread-options';

// The engine process's entry (started by engine-thread.ts on PostgreSQL): the host's engine in a child
// process at the lowest priority, every thread of it included. On a thread, the work the engine hands
// to its process's helper threads (V8's garbage collection and compilation, libuv's compression and
// file writes: about a third of a core during a backup) ran at the requests' priority.

lowerProcessPriority(os.constants.priority.PRIORITY_LOW);
const send = (message: FromEngineThread) => process.send?.(message);
// The host is gone (it crashed or was killed): its jobs resume elsewhere through their heartbeats.
process.on('disconnect', () => process.exit());

// A process's messages are lost while nobody listens (a thread's wait on its port): the host's
// messages sent while the engine starts wait here.
const pending: ToEngineThread[] = [];
let deliver: ((message: ToEngineThread) => void) | null = null;
const onMessage = (listener: (message: ToEngineThread) => void) => {
  deliver = listener;
  for (const message of pending.splice(0)) listener(message);
};

// The options come as the first message, not in argv or the environment, which other users of the
// machine may read: they hold the master key.
process.on('message', (message: ToEngineProcess) => {
  if (message.type !== 'init') {
    if (deliver) deliver(message);
    else pending.push(message);
    return;
  }
  // Named after its parent, so /operator's Workers tells it from a worker process's engine.
  runEngine({ send, onMessage }, message.data, `child-of-${process.ppid}`).catch((error: Error) => {
    send({ type: 'log', message: 'engine process failed to start', error: error.stack ?? error.message });
    process.exitCode = 1;
    process.disconnect();
  });
});
