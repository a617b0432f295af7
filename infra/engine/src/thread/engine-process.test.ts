import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDatabase, startTsProcess, type Db } from '@portal/db';
import { threadNices } from '@portal/db/src/testing/thread-nices';
import { startEngineThread, type EngineThread } from './engine-thread';
import type { EngineThreadOptions, FromEngineThread, ToEngineProcess } from './engine-thread-options';

// On PostgreSQL the host's engine is a child process at the lowest priority, every thread of it (the
// garbage collector's and libuv's too, which on a thread ran at the requests' priority). Runs on
// DATABASE_URL, else the local test database, in a schema of its own that it drops.
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const schema = `engine_proc_${crypto.randomBytes(5).toString('hex')}`;
jest.setTimeout(120_000);

let db: Db;
let blobDir: string;
let engine: EngineThread | null = null;
const logged: string[] = [];

beforeAll(async () => {
  db = await openDatabase({ databaseUrl, schema, poolSize: 2 });
  await migrate(db);
  blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-proc-'));
});

afterEach(async () => {
  await engine?.stop();
  engine = null;
});

afterAll(async () => {
  await db.exec(`drop schema ${schema} cascade`);
  await db.close();
  fs.rmSync(blobDir, { recursive: true, force: true });
});

const options = (): EngineThreadOptions => ({
  database: { databaseUrl, schema },
  masterSecret: 'p'.repeat(48),
  objects: { dir: blobDir },
  queue: { kind: 'embedded', concurrency: 1 },
  engine: { scheduleEveryMs: 60_000, staleAfterSeconds: 30 },
});

const workerPids = async () => (await db.query<{ pid: number }>('select pid from engine_workers')).rows.map((row) => Number(row.pid));
const alive = (pid: number) => fs.existsSync(`/proc/${pid}`);
const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 60_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 100))) if (await check()) return;
  throw new Error(`timed out waiting until ${what}`);
};

const linuxIt = process.platform === 'linux' ? it : it.skip;

describe('the engine process (PostgreSQL)', () => {
  linuxIt('runs the engine in a child at nice 19 on every thread, and starts it again when it dies', async () => {
    engine = startEngineThread(db, options(), (message, error) => logged.push(`${message} ${error ?? ''}`));
    const workerId = await engine.started;
    expect(workerId).toContain(`:child-of-${process.pid}:`);
    await until('its heartbeat row is written', async () => (await workerPids()).length > 0);
    const [pid] = await workerPids();
    expect(pid).not.toBe(process.pid);
    expect(fs.readFileSync(`/proc/${pid}/status`, 'utf8')).toMatch(new RegExp(`^PPid:\\s+${process.pid}$`, 'm'));
    const nices = threadNices(pid);
    expect(nices.length).toBeGreaterThan(4);
    expect(new Set(nices)).toEqual(new Set([19]));

    // A crash is not the end of backups: the host starts another, which announces itself.
    process.kill(pid, 'SIGKILL');
    await until('a new engine process runs', async () => (await workerPids()).some((other) => other !== pid && alive(other)));
    expect(logged.join('\n')).toMatch(/engine process exited \(code null\); starting it again/);

    // Stopping ends the process and its heartbeat row.
    const [, current] = await workerPids();
    await engine.stop();
    engine = null;
    await until('the process has exited', () => !alive(current ?? pid));
    expect((await workerPids()).filter(alive)).toEqual([]);
  });

  linuxIt('exits when its host is gone (the IPC channel closes)', async () => {
    const child = startTsProcess(path.join(__dirname, 'engine-process-main.ts'));
    const started = new Promise<FromEngineThread>((resolve) => child.on('message', (message: FromEngineThread) => message.type === 'started' && resolve(message)));
    child.send({ type: 'init', data: { options: options(), driver: 'postgres' } } satisfies ToEngineProcess);
    await started;
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.disconnect();
    expect(await exited).toBe(0);
  });
});
