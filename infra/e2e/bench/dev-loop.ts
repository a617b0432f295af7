// `pnpm bench:dev`: how long the development loop takes on this machine. Prints figures, asserts
// nothing. Works on a clean clone of HEAD (committed work only) in a temporary folder:
//   1. the CI stages as .ci/run runs them (CI=true, no stdin): install, jest web, jest node, build,
//      e2e. BENCH_SKIP_CI=1 times install and build only (the rest of the bench needs them);
//   2. `pnpm start` cold (fresh data folder), warm (same data, unchanged checkout) and after a
//      one-line change to one remote, each until /remotes.json answers;
//   3. with that portal running, twice: a one-line change to the support remote, then
//      `pnpm portal remote deploy support` and `pnpm portal remote rollback support`.
// Peers from the same run put the figures in proportion on a shared, noisy machine: a bare node
// start, node with tsx, `npx pnpm --version`, and webpack alone building the support remote.
import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PORTAL_CLI, REPO_ROOT } from '../src/portal';

const PNPM = ['-y', `pnpm@${JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).packageManager.split('@')[1]}`];
const SKIP_CI = process.env.BENCH_SKIP_CI === '1';
const CHANGED_FILE = 'remotes/support/src/app/exposes/support-page.ts';
const figures: string[] = [];

function report(label: string, seconds: number, note = ''): void {
  const line = `${label.padEnd(52)} ${seconds.toFixed(1).padStart(7)} s${note ? `  ${note}` : ''}`;
  figures.push(line);
  console.log(line);
}

/** Runs a command to its end and returns its wall time; throws with its output when it fails. */
function timed(command: string, args: string[], options: SpawnOptions & { cwd: string }): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${String(result.stdout).slice(-4000)}\n${String(result.stderr).slice(-4000)}`);
  return seconds;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `pnpm start` until /remotes.json answers; returns the seconds and a stop function. */
async function start(clone: string, env: NodeJS.ProcessEnv): Promise<{ seconds: number; stop: () => Promise<void> }> {
  const started = process.hrtime.bigint();
  const child = spawn('npx', [...PNPM, 'start'], { cwd: clone, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${env.PORT}/remotes.json`;
  for (const deadline = Date.now() + 600_000; ; ) {
    if (child.exitCode !== null) throw new Error(`pnpm start exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) throw new Error(`pnpm start did not serve within 10 minutes:\n${output.slice(-4000)}`);
    const ok = await fetch(url).then((res) => res.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    seconds,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    },
  };
}

/** A one-line change that survives minification (a comment would not, and the version would not change). */
function changeSupport(clone: string, round: number): void {
  fs.appendFileSync(path.join(clone, CHANGED_FILE), `\n(globalThis as Record<string, unknown>).benchDevChange = 'round ${round} ${Date.now()}';\n`);
}

async function main(): Promise<void> {
  const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dev-'));
  const data = path.join(clone, 'bench-data');
  try {
    timed('git', ['clone', '-q', REPO_ROOT, clone], { cwd: REPO_ROOT });
    const ciEnv = { ...process.env, CI: 'true' };
    const run = (label: string, command: string, args: string[], env: NodeJS.ProcessEnv = ciEnv) => {
      const seconds = timed(command, args, { cwd: clone, env });
      report(label, seconds);
      return seconds;
    };
    console.log(`clean clone of ${spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.trim()} in ${clone}; ${os.cpus().length} cores`);

    console.log('\n# CI stages (.ci/run)');
    let total = run('install (pnpm install --frozen-lockfile)', 'npx', [...PNPM, 'install', '--frozen-lockfile']);
    if (!SKIP_CI) {
      total += run('jest web', 'npx', ['jest', '--selectProjects', 'web']);
      total += run('jest node', 'npx', ['jest', '--selectProjects', 'node']);
    }
    total += run('build (pnpm build, cold)', 'npx', [...PNPM, 'build']);
    if (!SKIP_CI) {
      total += run('e2e', 'npx', ['jest', '-c', 'infra/e2e/jest.config.cjs']);
      report('CI total (sum of the stages)', total);
    }

    console.log('\n# Peers');
    run('node -e 0', process.execPath, ['-e', '0'], process.env);
    run('node --import tsx -e 0', process.execPath, ['--import', 'tsx', '-e', '0'], process.env);
    run('npx pnpm --version', 'npx', [...PNPM, '--version'], process.env);
    if (process.env.npm_execpath) run('pnpm --version (pnpm installed)', process.execPath, [process.env.npm_execpath, '--version'], process.env);

    console.log('\n# pnpm start');
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(await freePort()), DATA_DIR: data, PORTAL_USERNAME: 'admin', PORTAL_PASSWORD: 'Portal#2026' };
    delete env.CI;
    let portal = await start(clone, env);
    report('cold start (built checkout, fresh data folder)', portal.seconds);
    await portal.stop();
    portal = await start(clone, env);
    report('warm start (unchanged checkout, same data)', portal.seconds);
    await portal.stop();
    changeSupport(clone, 0);
    portal = await start(clone, env);
    report('start after a one-line change to the support remote', portal.seconds);

    console.log('\n# deploy and rollback of one remote (portal running)');
    try {
      // As the README has it (npx pnpm), as with pnpm installed (the pnpm running this bench), and
      // the CLI's own process: the first two differ from the third by pnpm's own start-up.
      const pnpmPath = process.env.npm_execpath;
      const ways: [string, (args: string[]) => readonly [string, string[]]][] = [
        ['npx pnpm portal', (args) => ['npx', [...PNPM, 'portal', ...args]]],
        ...(pnpmPath ? [['pnpm portal', (args: string[]) => [process.execPath, [pnpmPath, 'portal', ...args]]] as [string, (args: string[]) => readonly [string, string[]]]] : []),
        ['CLI process alone', (args) => [process.execPath, [...PORTAL_CLI, ...args]]],
      ];
      for (const [round, [how, cli]] of ways.entries()) {
        changeSupport(clone, round + 1);
        run(`deploy support after a one-line change (${how})`, ...cli(['remote', 'deploy', 'support']), env);
        run(`rollback support (${how})`, ...cli(['remote', 'rollback', 'support']), env);
      }
      const peer = timed('npx', ['webpack', '--mode', 'production', '--output-path', path.join(clone, 'bench-peer-dist')], { cwd: path.join(clone, 'remotes', 'support'), env });
      report('peer: webpack alone, unchanged support remote', peer);
    } finally {
      await portal.stop();
    }
    console.log(`\n# summary\n${figures.join('\n')}`);
  } finally {
    fs.rmSync(clone, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
