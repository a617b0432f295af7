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
