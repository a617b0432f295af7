import { ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from './browser';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
const SERVER_DIR = path.join(REPO_ROOT, 'infra', 'portal-server');

/** Set by global-setup: a data folder of a portal that started once and stopped cleanly. */
export const TEMPLATE_ENV = 'PORTAL_E2E_TEMPLATE_DATA_DIR';

export interface RunningPortal {
  url: string;
  dataDir: string;
  /** Stops the server; the data folder is removed unless keepData. Resolves to the exit code. */
  stop(options?: { keepData?: boolean }): Promise<number | null>;
  logs(): string;
}

/**
 * The arguments of a package script of the form `node <args>`: the tests run the server and the
 * CLI exactly as `pnpm start` and `pnpm portal` do, without pnpm's own start-up.
 */
function nodeScriptArgs(packageDir: string, script: string): string[] {
  const command: string = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')).scripts[script];
  const [program, ...args] = command.split(/\s+/);
  if (program !== 'node') throw new Error(`${packageDir} script "${script}" must be "node ...": ${command}`);
  return args;
}

/** `pnpm portal <args>` as a spawn: run with process.execPath in REPO_ROOT. */
export const PORTAL_CLI: string[] = nodeScriptArgs(REPO_ROOT, 'portal');

/**
 * Environment for the CLI against this portal: its data folder, and a webpack cache of its own
 * (seeded from the one `pnpm build` left, for the remotes the suite deploys) so two suites
 * deploying at once never share one.
 */
export function portalCliEnv(portal: RunningPortal, deploys: string[] = ['support']): Record<string, string> {
  const cache = path.join(portal.dataDir, 'webpack-cache');
  for (const remote of deploys) {
    const built = path.join(REPO_ROOT, 'remotes', remote, 'node_modules', '.cache', 'webpack');
    const own = path.join(cache, remote);
    if (fs.existsSync(built) && !fs.existsSync(own)) fs.cpSync(built, own, { recursive: true });
  }
  return { DATA_DIR: portal.dataDir, PORTAL_WEBPACK_CACHE_DIR: cache };
}

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
  seconds: number;
}

/**
 * `pnpm portal <args>` against this portal, signed in as the demo ADMIN, without a build label or
 * fault unless `env` sets one. Asynchronous on purpose: a deploy takes many seconds, and a blocked
 * event loop would leave this process's keep-alive sockets to the portal looking alive after the
 * server closed them (the next request then fails with "other side closed"), and would stop any
 * server living in the test process (an S3 one) from answering the CLI.
 */
export async function runPortalCli(portal: RunningPortal, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...PORTAL_CLI, ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ...portalCliEnv(portal), PORTAL_USERNAME: 'admin', PORTAL_PASSWORD: DEMO_PASSWORD, PORTAL_BUILD_LABEL: '', PORTAL_BUILD_FAULT: '', ...env },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ status, stdout, stderr, seconds: (Date.now() - started) / 1000 });
      },
    );
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the portal server exactly as `pnpm start` does after its build step, on a free port. Its
 * data folder is a copy of the suite's template (migrated, seeded, remotes published) unless
 * `fresh` asks for an empty one or no template exists: each suite still gets its own database.
 */
export async function startPortal(env: Record<string, string> = {}, options: { fresh?: boolean } = {}): Promise<RunningPortal> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const template = process.env[TEMPLATE_ENV];
  if (!options.fresh && template && fs.existsSync(template)) fs.cpSync(template, dataDir, { recursive: true });
  let output = '';
  const child: ChildProcess = spawn(process.execPath, nodeScriptArgs(SERVER_DIR, 'start'), {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // Generous: a fresh data folder (migrations and demo seed) on a loaded 2-core machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/remotes.json`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`portal did not start within 180 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    logs: () => output,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
