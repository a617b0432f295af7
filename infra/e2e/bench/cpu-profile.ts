import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

// CPU profile of one part of a bench (BENCH_PROFILE=<folder>): the .cpuprofile is written there (open it
// in Chrome DevTools or speedscope) and the largest self times are printed, by module and by function.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const ROOT = path.resolve(__dirname, '../../..');

/** A module's short name: a package by its name, the repository's files by their path, V8's own entries as they are. */
function moduleOf(url: string): string {
  if (!url) return '(native)';
  const pkg = url.match(/node_modules\/\.pnpm\/([^/]+)/);
  if (pkg) return pkg[1].replace(/@(?=[^@]*$)/, ' ').replace(/\+/g, '/');
  if (url.startsWith('wasm://')) return 'wasm (PGlite)';
  return url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '');
}

export function summarise(profile: Profile, top = 12): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  // Each sample counts as the mean interval: on a loaded machine the gaps between samples vary widely
  // (a sample after the thread waited for a core carries the whole wait), so the count is the fair share.
  const total = profile.timeDeltas.reduce((sum, dt) => sum + dt, 0);
  const each = total / Math.max(1, profile.samples.length);
  const selfTime = new Map<number, number>();
  for (const id of profile.samples) selfTime.set(id, (selfTime.get(id) ?? 0) + each);
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, dt] of selfTime) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const module = url ? moduleOf(url) : `(${functionName || 'native'})`;
    byModule.set(module, (byModule.get(module) ?? 0) + dt);
    const fn = `${functionName || '(anonymous)'} ${url ? `${moduleOf(url)}:${lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
  }
  const lines = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, dt]) => `    ${(dt / 1000).toFixed(0).padStart(6)} ms ${((dt / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  return [`  self time ${(total / 1e6).toFixed(1)} s, by module:`, ...lines(byModule), '  by function:', ...lines(byFunction)].join('\n');
}

/** Runs `work`; with BENCH_PROFILE set, under the CPU profiler of this thread (other processes and threads are not in it). */
export async function profiled<T>(label: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    session.disconnect();
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${label.replace(/\W+/g, '-')}-${Date.now()}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(`\nCPU profile of ${label} (${file})\n${summarise(profile)}`);
  }
}
