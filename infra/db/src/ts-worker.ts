import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { Worker, type TransferListItem } from 'node:worker_threads';

// A thread loads the workspace's TypeScript as this process does: through tsx, registered here unless
// the process's own loader (inherited with execArgv) already handles .ts.
const BOOT = `
const { workerData } = require('node:worker_threads');
if (!require.extensions['.ts']) require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();
require(workerData.entry);
`;

/**
 * A worker thread running the TypeScript file `entry` with `data` as its workerData (plus `entry`).
 * Give `entry` as a path from the caller's own folder (path.join(__dirname, ...)), not require.resolve:
 * the server's bundle keeps each source's folder but resolves no relative requires at run time.
 */
export function startTsWorker(entry: string, data: Record<string, unknown>, transferList: TransferListItem[] = []): Worker {
  return new Worker(BOOT, { eval: true, workerData: { ...data, entry }, transferList });
}

// A child process does the same with its entry as its first argument (node -e puts it at argv[1]).
const PROCESS_BOOT = `
if (!require.extensions['.ts']) require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();
require(process.argv[1]);
`;

/**
 * A child process of this Node running the TypeScript file `entry` (given as for startTsWorker), with
 * an IPC channel ('advanced' serialization, as a thread's messages) and this process's stdout and
 * stderr. Its messages are the caller's protocol; it should exit when the channel closes (its parent died).
 */
export function startTsProcess(entry: string): ChildProcess {
  return spawn(process.execPath, ['-e', PROCESS_BOOT, entry], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
}

/**
 * Lowers every thread of this process to `priority` (a nice value), for a process doing background
 * work: on Linux each thread has a nice value of its own, and V8's and libuv's helper threads (garbage
 * collection, compilation, compression, file writes) already run when the entry starts; threads
 * started later inherit the value of the thread that starts them. Linux only, and a refusal leaves
 * the thread as it was.
 */
export function lowerProcessPriority(priority: number): void {
  if (process.platform !== 'linux') return;
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      os.setPriority(Number(tid), priority);
    } catch {
      // Not permitted, or the thread has just ended.
    }
  }
}

/**
 * Lowers the calling thread below normal priority, for threads doing background work (the engine's,
 * the embedded database's): when the machine's CPUs are all busy, the thread that answers requests runs
 * first. On Linux a thread has a nice value of its own (setpriority on the calling thread); elsewhere
 * it may apply to the whole process or be refused, so it is done on Linux only, and a refusal (a
 * sandbox) leaves the thread as it was. `priority` is a nice value (os.constants.priority), below
 * normal by default.
 */
export function lowerThreadPriority(priority: number = os.constants.priority.PRIORITY_BELOW_NORMAL): void {
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(0, priority);
  } catch {
    // Not permitted: the thread keeps the process's priority.
  }
}
