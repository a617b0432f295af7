import fs from 'node:fs';
import path from 'node:path';

// The running portal leaves its address in its data folder, so the CLI (same DATA_DIR) talks to it
// over HTTP instead of opening the embedded database a second time, which PGlite cannot share.
export const SERVER_STATE_FILE = 'portal-server.json';

export interface ServerState {
  pid: number;
  url: string;
}

export function writeServerState(dataDir: string, state: ServerState): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, SERVER_STATE_FILE), JSON.stringify(state));
}

export function clearServerState(dataDir: string): void {
  const file = path.join(dataDir, SERVER_STATE_FILE);
  try {
    const state = JSON.parse(fs.readFileSync(file, 'utf8')) as ServerState;
    if (state.pid === process.pid) fs.rmSync(file, { force: true });
  } catch {
    /* already gone */
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The running portal on this data folder, if any (a stale file from a killed server is ignored). */
export function readServerState(dataDir: string): ServerState | null {
  try {
    const state = JSON.parse(fs.readFileSync(path.join(dataDir, SERVER_STATE_FILE), 'utf8')) as ServerState;
    return typeof state.pid === 'number' && typeof state.url === 'string' && isAlive(state.pid) ? state : null;
  } catch {
    return null;
  }
}
