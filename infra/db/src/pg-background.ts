import fs from 'node:fs';
import os from 'node:os';
import type { ClientBase } from 'pg';

// A pool that does background work (the backup engine's) names its sessions, so an operator tells
// them apart in pg_stat_activity, and where it can, runs their server processes at the lowest CPU
// priority. A backup's statements run in PostgreSQL server processes at normal priority: on a machine
// that also serves the API they took the cores from its requests however low the engine's own thread
// ran (the profile GET's p95 during a backup 2.26x its idle p95; 1.27x with the engine's sessions at
// nice 19, bench:api). A server on another machine, or one this process may not renice, is left as it is.

export const BACKGROUND_APPLICATION_NAME = 'portal-engine';

/**
 * Lowers the priority of `client`'s server process when that process is on this machine: the server
 * sees this very socket (its client port is this socket's local port, or both ends are a Unix socket)
 * and the pid it names is a postgres process here. Returns whether it did.
 */
export async function lowerServerProcessPriority(client: ClientBase): Promise<boolean> {
  const localPort = (client as unknown as { connection?: { stream?: { localPort?: number } } }).connection?.stream?.localPort;
  const { rows } = await client.query<{ pid: number; port: number | null }>('select pg_backend_pid() as pid, inet_client_port() as port');
  const [{ pid, port }] = rows;
  const sameSocket = port === null ? localPort === undefined : port === localPort;
  if (!sameSocket || !isLocalPostgresProcess(pid)) return false;
  try {
    os.setPriority(pid, os.constants.priority.PRIORITY_LOW);
    return true;
  } catch {
    // Another user's process (EPERM): the server keeps its priority.
    return false;
  }
}

function isLocalPostgresProcess(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
}
