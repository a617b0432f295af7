'use strict';
// `pnpm build`: builds the host and each remote whose inputs changed since its last successful
// build, and skips the others, so a restart of an unchanged checkout starts serving in seconds.
// Inputs: the app's own files, every shared/* package (they are compiled into each app), the root
// TypeScript config, the lockfile and the build's environment switches. --force builds everything.
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../..');
// Environment that changes what webpack emits (see index.cjs).
const ENV_INPUTS = ['PORTAL_BUILD_LABEL', 'PORTAL_BUILD_FAULT', 'NODE_ENV'];
const SKIPPED_NAMES = new Set(['node_modules', 'dist', 'coverage']);

function hashTree(hash, dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIPPED_NAMES.has(entry.name) || entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, file);
    else if (entry.isFile()) hash.update(path.relative(ROOT, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
}

function subfolders(dir) {
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(dir, entry.name))
    .sort();
}

/** One digest of everything every app build reads besides its own folder. */
function commonInputs() {
  const hash = crypto.createHash('sha256');
  for (const dir of subfolders('shared')) hashTree(hash, path.join(ROOT, dir));
  for (const file of ['tsconfig.base.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml']) hash.update(file).update(fs.readFileSync(path.join(ROOT, file)));
  for (const name of ENV_INPUTS) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex');
}

function appInputs(app, common) {
  const hash = crypto.createHash('sha256').update(common);
  hashTree(hash, path.join(ROOT, app));
  return hash.digest('hex');
}

const stampFile = (app) => path.join(ROOT, app, 'node_modules', '.cache', 'portal-build-inputs');
const builtOutput = (app) => path.join(ROOT, app, 'dist', 'mf-manifest.json');

function isCurrent(app, digest) {
  try {
    return fs.existsSync(builtOutput(app)) && fs.readFileSync(stampFile(app), 'utf8') === digest;
  } catch {
    return false;
  }
}

function build(apps) {
  // Under `pnpm build`, pnpm runs the apps' own build scripts (in parallel, with its own output).
  const pnpm = process.env.npm_execpath;
  const args = ['-r', ...apps.flatMap((app) => ['--filter', `./${app}`]), 'build'];
  const result = pnpm ? spawnSync(process.execPath, [pnpm, ...args], { cwd: ROOT, stdio: 'inherit' }) : spawnSync('pnpm', args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function main() {
  const force = process.argv.includes('--force');
  const common = commonInputs();
  const apps = ['host', ...subfolders('remotes')].map((app) => ({ app, digest: appInputs(app, common) }));
  const stale = apps.filter(({ app, digest }) => force || !isCurrent(app, digest));
  for (const { app } of apps) if (!stale.some((s) => s.app === app)) console.log(`${app}: unchanged since its last build, not rebuilt`);
  if (stale.length === 0) return;
  // A stamp is removed before building and written after success: a failed build is retried next time.
  for (const { app } of stale) fs.rmSync(stampFile(app), { force: true });
  build(stale.map((s) => s.app));
  for (const { app, digest } of stale) {
    fs.mkdirSync(path.dirname(stampFile(app)), { recursive: true });
    fs.writeFileSync(stampFile(app), digest);
  }
}

main();
