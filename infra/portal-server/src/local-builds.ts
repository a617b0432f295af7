import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { PublishedBuild, RemoteStore } from './remote-store';

export interface LocalBuild {
  /** Module Federation name, as the host registers it (e.g. account_settings). */
  name: string;
  distDir: string;
  packageVersion: string;
}

/** Finds each remote's dist/ and its federation name (from the mf-manifest the build wrote). */
export function findLocalBuilds(remotesDir: string): LocalBuild[] {
  if (!fs.existsSync(remotesDir)) return [];
  return fs
    .readdirSync(remotesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.join(remotesDir, e.name))
    .filter((dir) => fs.existsSync(path.join(dir, 'dist', 'mf-manifest.json')))
    .map((dir) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'dist', 'mf-manifest.json'), 'utf8'));
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
      return { name: String(manifest.name), distDir: path.join(dir, 'dist'), packageVersion: String(pkg.version) };
    });
}

export function gitCommit(cwd: string): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return null;
  }
}

export interface ReleaseRegistry {
  isRecorded(name: string, version: string): Promise<boolean>;
  record(build: PublishedBuild, gitCommit: string | null): Promise<void>;
  point(name: string, version: string, actor: string): Promise<void>;
}

/** At start, every local build the registry has never seen is published and becomes current.
 * A build it already knows leaves the pointer alone, so a restart never undoes a rollback. */
export async function publishLocalBuilds(opts: {
  remotesDir: string;
  store: RemoteStore;
  repoRoot: string;
  registry: ReleaseRegistry;
}): Promise<PublishedBuild[]> {
  const commit = gitCommit(opts.repoRoot);
  const published: PublishedBuild[] = [];
  for (const build of findLocalBuilds(opts.remotesDir)) {
    const release = await opts.store.publish(build);
    if (await opts.registry.isRecorded(release.name, release.version)) continue;
    await opts.registry.record(release, commit);
    await opts.registry.point(release.name, release.version, 'startup');
    published.push(release);
  }
  return published;
}
