import type { Page } from 'puppeteer-core';
import { CPU_SLOWDOWN, LONG_TASK_MS, PHONE } from './main-thread-blocking';

// Where a page load's main-thread time goes on a phone: a cold load at 4x CPU on a phone's viewport,
// sampled by V8's profiler (CDP Profiler), as self time by script file and, for each stretch of work
// longer than a long task, its largest self times by function. Minified names, with file and position:
// look them up in the built file. What main-thread-blocking.ts counts, this names.

/** How long after navigation samples are taken: past the page's first data and idle prefetch. */
const WINDOW_MS = 6_000;
const SAMPLING_US = 200;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface PageProfile {
  /** Self time (ms, at 4x) by script path (or V8's own entries, such as the garbage collector). */
  byFile: Map<string, number>;
  /** Each run of samples without idle longer than a long task: start and length (ms), largest self times. */
  busy: { startMs: number; ms: number; top: [string, number][] }[];
}

const PROGRAM = '(program)';

function summarise(profile: CpuProfile, origin: string): PageProfile {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((child) => [child, n] as const)));
  const where = (n: ProfileNode) => n.callFrame.url.replace(origin, '') || n.callFrame.functionName;
  const byFile = new Map<string, number>();
  const busy: PageProfile['busy'] = [];
  let stretch: { startMs: number; ms: number; fns: Map<string, number> } | null = null;
  const close = () => {
    if (stretch && stretch.ms > LONG_TASK_MS) busy.push({ startMs: stretch.startMs, ms: stretch.ms, top: [...stretch.fns].sort((a, b) => b[1] - a[1]).slice(0, 5) });
    stretch = null;
  };
  let clock = 0;
  profile.samples.forEach((id, i) => {
    clock += profile.timeDeltas[i] / 1000;
    const node = nodes.get(id)!;
    if (node.callFrame.functionName === '(idle)') return close();
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    stretch ??= { startMs: clock, ms: 0, fns: new Map() };
    stretch.ms += ms;
    const { functionName } = node.callFrame;
    // (program): the browser's own work (parsing, style, layout), named in a stretch but in no file.
    if (functionName !== PROGRAM) byFile.set(where(node), (byFile.get(where(node)) ?? 0) + ms);
    const name = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${where(n)}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`;
    // A browser function (appendChild, fetch) is named with the script's function that called it.
    const caller = parents.get(node.id);
    const fn = node.callFrame.url ? name(node) : caller?.callFrame.url ? `${functionName} < ${name(caller)}` : functionName;
    stretch.fns.set(fn, (stretch.fns.get(fn) ?? 0) + ms);
  });
  close();
  return { byFile, busy };
}

/** One cold load of `url` in `page` (its session kept), profiled; the page's viewport and CPU are restored after. */
export async function profilePageLoad(page: Page, url: string): Promise<PageProfile> {
  const viewport = page.viewport();
  const cdp = await page.createCDPSession();
  try {
    await page.setViewport(PHONE);
    await page.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
    await cdp.send('Profiler.start');
    await page.goto(url);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const { profile } = await cdp.send('Profiler.stop');
    return summarise(profile as CpuProfile, new URL(url).origin);
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    if (viewport) await page.setViewport(viewport);
  }
}

/** The profile as lines: the files with the most self time, then each long stretch of work. */
export function profileLines(path: string, profile: PageProfile): string[] {
  const total = [...profile.byFile.values()].reduce((sum, ms) => sum + ms, 0);
  const ms = (x: number) => `${x.toFixed(0).padStart(6)} ms`;
  return [
    `${path}: ${total.toFixed(0)} ms of main-thread work at ${CPU_SLOWDOWN}x CPU in the first ${WINDOW_MS / 1000} s (self time, by file)`,
    ...[...profile.byFile].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([file, x]) => `  ${ms(x)}  ${file}`),
    `  work without idle longer than ${LONG_TASK_MS} ms (start, length: largest self times)`,
    ...profile.busy.map((b) => `  ${ms(b.startMs)} +${b.ms.toFixed(0)}: ${b.top.map(([fn, x]) => `${fn} ${x.toFixed(0)}`).join(', ')}`),
  ];
}
