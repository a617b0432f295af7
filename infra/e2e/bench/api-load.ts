// API figures. Run: `pnpm bench:api`.
// 1. Authenticated GET of the caller's profile (GET /backend/api/users/{userId}/profile): requests/s,
//    p50 and p95 of the portal API, and of a minimal peer (api-load-servers.ts: Fastify + jose + the
//    same database driver, verifying the token and reading the session and the user by primary key)
//    measured in the same run, alternating, and the ratio API / peer. On PGlite and, when reachable,
//    PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
// 2. The p95 of that GET while a full backup of an M365 emulator tenant runs in the API's own engine
//    (queued through the API's run endpoint), against its idle p95; and its peer, the p95 beside a
//    process that only spins one core at the lowest priority.
// Each server runs in a child process, and so does the emulator (as Graph is elsewhere, its work must
// not delay the load generator's own timing); the load generator (autocannon) runs here.
// Loopback only; every phase is bounded in time.
// Env: BENCH_SECONDS (8, per measurement), BENCH_ROUNDS (2), BENCH_CONNECTIONS (10),
// BENCH_BACKUP_SIZE (20000, emulator items), BENCH_SKIP_PGLITE=1, BENCH_SKIP_PG=1, BENCH_SKIP_BACKUP=1,
// BENCH_PROFILE=<folder> (a CPU profile of each server process, written as it exits), BENCH_EMULATOR_NICE (10).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../db/src/index';
import { startEmulatorProcess, type EmulatorProcess as Emulator } from './emulator-process';
import { BENCH_PG_URL } from './bench-databases';

interface AutocannonResult {
  requests: { average: number; total: number };
  errors: number;
  non2xx: number;
}
type AutocannonRun = Promise<AutocannonResult> & { on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void };
// autocannon ships no types; the bit used here is small.
const autocannon = require('autocannon') as (options: Record<string, unknown>) => AutocannonRun;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BACKUP_SIZE = Number(process.env.BENCH_BACKUP_SIZE ?? 20_000);
// Graph's CPU is Microsoft's, not the API machine's: on this one machine the emulator standing in for it
// runs below normal priority, as the engine thread does, so the figure is the API's share against the
// engine's own work. BENCH_EMULATOR_NICE=0 gives it the API's priority.
const EMULATOR_NICE = Number(process.env.BENCH_EMULATOR_NICE ?? 10);
const START_TIMEOUT_MS = 180_000;

interface Target {
  url: string;
  path: string;
  headers: Record<string, string>;
}

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  requests: number;
  failed: number;
}

class Server {
  private constructor(
    readonly child: ChildProcess,
    readonly target: Target,
  ) {}

  /** Forks api-load-servers.ts in `role`; resolves once it listens. tsx's loader comes with execArgv. */
  static async start(role: 'api' | 'peer', env: Record<string, string>): Promise<Server> {
    // BENCH_PROFILE=<folder>: every thread of each server writes a V8 CPU profile there as it exits
    // (named by pid and thread: tsx's loader thread writes one too).
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
    const child = fork(path.join(__dirname, 'api-load-servers.ts'), [role], {
      env: { ...process.env, ...env },
      execArgv: [...process.execArgv, ...profile],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const target = await Server.next<Target>(child, 'ready', START_TIMEOUT_MS);
    return new Server(child, target);
  }

  static next<T>(child: ChildProcess, type: string, timeoutMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
      const onMessage = (message: { type?: string; message?: string }) => {
        if (message.type === type) done(null, message as T);
        else if (message.type === 'error') done(new Error(message.message));
      };
      const onExit = (code: number | null) => done(new Error(`server exited with ${code} before ${type}`));
      const done = (error: Error | null, value?: T) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolve(value as T);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
    });
  }

  request<T>(message: Record<string, unknown>, reply: string, timeoutMs = 60_000): Promise<T> {
    const answer = Server.next<T>(this.child, reply, timeoutMs);
    this.child.send(message);
    return answer;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' });
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

/** Closed-loop load on one target; latencies per response (autocannon's table has no p95). */
async function load(target: Target, seconds: number, latencies: number[] = []): Promise<Figures & { latencies: number[] }> {
  const run = autocannon({ url: `${target.url}${target.path}`, headers: target.headers, connections: CONNECTIONS, duration: seconds });
  run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await run;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rps: result.requests.total / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    requests: result.requests.total,
    failed: result.errors + result.non2xx,
    latencies,
  };
}

/** API and peer alternately, ROUNDS times each, after a short warm-up of both. */
async function compare(api: Server, peer: Server): Promise<{ api: Figures; peer: Figures }> {
  for (const server of [api, peer]) await load(server.target, 2);
  const totals = { api: { latencies: [] as number[], requests: 0, failed: 0 }, peer: { latencies: [] as number[], requests: 0, failed: 0 } };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, server] of [['api', api], ['peer', peer]] as const) {
      const figures = await load(server.target, SECONDS, totals[name].latencies);
      totals[name].requests += figures.requests;
      totals[name].failed += figures.failed;
    }
  }
  const summarise = (t: (typeof totals)['api']): Figures => {
    const sorted = [...t.latencies].sort((a, b) => a - b);
    return { rps: t.requests / (SECONDS * ROUNDS), p50: percentile(sorted, 50), p95: percentile(sorted, 95), requests: t.requests, failed: t.failed };
  };
  return { api: summarise(totals.api), peer: summarise(totals.peer) };
}

const line = (name: string, f: Figures) =>
  `  ${name.padEnd(34)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p95 ${f.p95.toFixed(1).padStart(6)} ms${f.failed ? `   (${f.failed} failed)` : ''}`;

/**
 * `fn` while a process spins one core at the lowest priority, for `seconds` at most: the peer of a
 * backup, background work with no I/O and nothing shared with the API. On a virtual machine the
 * guest's priorities do not reach the hypervisor, so this is the floor a backup's own ratio is read against.
 */
async function withLowPrioritySpin<T>(seconds: number, fn: () => Promise<T>): Promise<T> {
  const spin = spawn(process.execPath, ['-e', `const end = Date.now() + ${seconds * 1000}; while (Date.now() < end);`], { stdio: 'ignore' });
  if (spin.pid) os.setPriority(spin.pid, os.constants.priority.PRIORITY_LOW);
  try {
    return await fn();
  } finally {
    spin.kill();
  }
}

/** The API's GET while its engine runs a full backup, against the same GET idle and beside a low-priority spin just before. */
async function duringBackup(api: Server, emulator: Emulator): Promise<void> {
  const idle = await load(api.target, SECONDS);
  const spinning = await withLowPrioritySpin(SECONDS + 5, () => load(api.target, SECONDS));
  await api.request({ type: 'backup', credentials: emulator.credentials }, 'backup-started');
  // Let the run get past queueing and discovery into item work before measuring.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const busy = await load(api.target, SECONDS);
  const after = await api.request<{ status: string; itemsDone: number }>({ type: 'progress' }, 'progress');
  console.log(line('idle', idle));
  console.log(line('beside a low-priority spin loop', spinning));
  console.log(line('during a full backup', busy));
  console.log(`  p95 during / idle                   ${(busy.p95 / idle.p95).toFixed(2)}x   (backup ${after.status}, ${after.itemsDone} items done when the window closed)`);
  console.log(`  p95 beside the loop / idle          ${(spinning.p95 / idle.p95).toFixed(2)}x   (the peer: any background CPU use on this machine)`);
}

async function postgresReachable(): Promise<boolean> {
  if (process.env.BENCH_SKIP_PG === '1') return false;
  try {
    const db = await openDatabase({ databaseUrl: BENCH_PG_URL, poolSize: 1 });
    try {
      await db.query('select 1');
      return true;
    } finally {
      await db.close();
    }
  } catch {
    return false;
  }
}

async function bench(label: string, databaseUrl: string | undefined, emulator: Emulator | null): Promise<void> {
  const env = { BENCH_SERVER_DATABASE_URL: databaseUrl ?? '', BENCH_EMULATOR_ORIGIN: emulator ? new URL(emulator.url).origin : '' };
  const api = await Server.start('api', env);
  const peer = await Server.start('peer', env);
  try {
    const { api: a, peer: p } = await compare(api, peer);
    console.log(`\nAuthenticated GET of the profile, ${label}: ${CONNECTIONS} connections, ${ROUNDS} x ${SECONDS} s each, loopback`);
    console.log(line('portal API', a));
    console.log(line('minimal peer (Fastify + jose)', p));
    console.log(`  ratio API / peer                    ${(a.rps / p.rps).toFixed(2)}`);
    await peer.stop();
    if (emulator) {
      console.log(`\nThe same GET while the API's engine backs up an emulator tenant (${BACKUP_SIZE} items), ${label}:`);
      await duringBackup(api, emulator);
    }
  } finally {
    await peer.stop();
    await api.stop();
  }
}

async function main(): Promise<void> {
  const withBackup = process.env.BENCH_SKIP_BACKUP !== '1';
  const pg = await postgresReachable();
  const databases = [...(process.env.BENCH_SKIP_PGLITE === '1' ? [] : [['PGlite', undefined]]), ...(pg ? [['PostgreSQL', BENCH_PG_URL]] : [])];
  for (const [label, url] of databases as [string, string | undefined][]) {
    // A fresh tenant per database: the API's blob store and catalog start empty each time.
    const emulator = withBackup ? await startEmulatorProcess({ seed: 'portal-demo', size: BACKUP_SIZE, nice: EMULATOR_NICE }) : null;
    try {
      await bench(label, url, emulator);
    } finally {
      await emulator?.stop();
    }
  }
  if (!pg) console.log(`\nPostgreSQL (${BENCH_PG_URL}) not reachable or skipped: PGlite figures only.`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
