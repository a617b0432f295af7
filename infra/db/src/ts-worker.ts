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
