import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compatibilityProblems, type BuiltManifest } from './compatibility';
import { gitCommit } from './local-builds';
import type { CanaryOptions } from './cli-args';
import type { RegistryClient } from './registry-client';
import { CliError } from './registry-client';
import { resolveRemote } from './remote-names';
import type { RemoteStore } from './remote-store';
import type { PortalSettings } from './settings';

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

/** Runs that remote's own webpack build into a fresh folder: nothing else is built or touched. The
 * build inherits this process's environment (PORTAL_BUILD_LABEL, PORTAL_BUILD_FAULT) unless `env` replaces it. */
export function buildRemote(dir: string, outDir: string, env?: NodeJS.ProcessEnv): void {
  const cli = require.resolve('webpack-cli/bin/cli.js', { paths: [dir] });
  const result = spawnSync(process.execPath, [cli, '--mode', 'production', '--output-path', outDir], {
    cwd: dir,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new CliError(`The build of ${path.basename(dir)} failed (exit ${result.status}).`);
}

export function checkCompatibility(hostDist: string, remoteDist: string, label: string): void {
  const hostManifest = path.join(hostDist, 'mf-manifest.json');
  if (!fs.existsSync(hostManifest)) throw new CliError(`${hostManifest} is missing: build the host first (pnpm build).`);
  const problems = compatibilityProblems(readJson<BuiltManifest>(hostManifest), readJson<BuiltManifest>(path.join(remoteDist, 'mf-manifest.json')), label);
  if (problems.length > 0) {
    throw new CliError(`Refusing to deploy ${label}: the current host cannot run it.\n  - ${problems.join('\n  - ')}`);
  }
}

export interface DeployResult {
  name: string;
  version: string;
  fromVersion: string | null;
  integrity: string;
  seconds: { build: number; publish: number; total: number };
}

/** Build one remote, check it against the deployed host, put its version folder in the store,
 * then record it and move the pointer through the registry client. */
export async function deployRemote(opts: {
  input: string;
  settings: PortalSettings;
  store: RemoteStore;
  registry: RegistryClient;
  log?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /** Serve the new version to a share of sessions only (see canary-service). */
  canary?: CanaryOptions;
}): Promise<DeployResult> {
  const { settings, store, registry, log = () => undefined } = opts;
  const remote = resolveRemote(settings.remotesDir, opts.input);
  const started = Date.now();
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-deploy-${remote.folder}-`));
  try {
    log(`Building ${remote.folder} (${remote.name}) ...`);
    buildRemote(remote.dir, outDir, opts.env);
    const built = Date.now();
    checkCompatibility(settings.hostDist, outDir, `${remote.folder} (${remote.name})`);
    const packageVersion = readJson<{ version: string }>(path.join(remote.dir, 'package.json')).version;
    const stored = await store.publish({ name: remote.name, distDir: outDir, packageVersion });
    log(`Stored ${remote.name}@${stored.version} in ${store.location}`);
    const release = { name: remote.name, version: stored.version, builtAt: stored.builtAt.toISOString(), gitCommit: gitCommit(settings.repoRoot) };
    let fromVersion: string | null;
    if (opts.canary) {
      // The pointer does not move: the canary is served beside the current version.
      const canary = await registry.startCanary({ ...release, ...opts.canary });
      fromVersion = canary.stableVersion;
    } else {
      const result = await registry.publish(release);
      if (result.release.integrity !== stored.integrity) {
        throw new CliError(`The registry recorded integrity ${result.release.integrity}, the store holds ${stored.integrity}.`);
      }
      fromVersion = result.pointer.fromVersion;
    }
    const done = Date.now();
    return {
      name: remote.name,
      version: stored.version,
      fromVersion,
      integrity: stored.integrity,
      seconds: { build: (built - started) / 1000, publish: (done - built) / 1000, total: (done - started) / 1000 },
    };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
