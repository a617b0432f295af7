import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';

// Main-thread blocking of a page load, measured from a Chromium trace rather than simulated: the page
// loads with the CPU slowed 4x on a phone's viewport, and every main-thread task longer than 50 ms
// counts its excess, as Lighthouse's TBT does. Steadier than Lighthouse's simulation on a shared
// machine, and it names how many tasks block and how long the longest is.

/** What a phone's window looks like to the page (Lighthouse's mobile preset: Moto G Power). */
export const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
export const CPU_SLOWDOWN = 4;
export const LONG_TASK_MS = 50;
/** How long after navigation tasks are counted: past the page's first data and idle prefetch. */
const WINDOW_MS = 7_000;

export interface Blocking {
  /** Sum of (duration - 50 ms) over the long tasks. */
  blockingMs: number;
  longTasks: number;
  longestMs: number;
  /** Each long task: start (ms after the first task), length, and its largest parts (trace events directly inside it). */
  tasks: { startMs: number; ms: number; parts: [string, number][] }[];
  /** CSS rules the app's style caches compiled in this load, and those they took over from the shell's snapshot (Emotion's hydration). */
  rules: { compiled: number; keptOver: number };
}

/**
 * Counts the page's Emotion rules: a cache's own tags are `data-emotion="key"`, taken-over ones
 * `data-emotion="key name…"`. Source text, evaluated in the page (tsx's helpers do not exist there).
 */
const COUNT_RULES = `(() => {
  const rules = (selector) => [...document.querySelectorAll(selector)].reduce((n, style) => n + (style.sheet ? style.sheet.cssRules.length : 0), 0);
  const keptOver = rules('style[data-emotion*=" "]');
  return { compiled: rules('style[data-emotion]:not([data-emotion*="-global"])') - keptOver, keptOver };
})()`;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string } };
}

/** A trace event named for a reader: a script's file, a function and its file, an event's type. */
function label(e: TraceEvent): string {
  const data = e.args?.data;
  const file = data?.url ? new URL(data.url, 'http://x').pathname : '';
  if (data?.functionName !== undefined) return `${e.name} ${data.functionName || '(anonymous)'} ${file}`;
  if (file) return `${e.name} ${file}`;
  return data?.type ? `${e.name} ${data.type}` : e.name;
}

/** The events directly inside `task` (not inside another event inside it), merged by label, largest first. */
function partsOf(task: TraceEvent, inThread: TraceEvent[]): [string, number][] {
  const end = task.ts + (task.dur ?? 0);
  const inside = inThread.filter((e) => e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const parts = new Map<string, number>();
  let coveredUntil = -1;
  for (const e of inside) {
    if (e.ts < coveredUntil) continue;
    coveredUntil = e.ts + (e.dur ?? 0);
    parts.set(label(e), (parts.get(label(e)) ?? 0) + (e.dur ?? 0) / 1000);
  }
  return [...parts].sort((a, b) => b[1] - a[1]).slice(0, 4);
}

function blockingOf(events: TraceEvent[]): Omit<Blocking, 'rules'> {
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const inMain = events.filter((e) => main.has(`${e.pid}:${e.tid}`));
  const runTasks = inMain.filter((e) => e.name === 'RunTask' && e.ph === 'X');
  const first = Math.min(...runTasks.map((e) => e.ts));
  const longTasks = runTasks.filter((e) => (e.dur ?? 0) / 1000 > LONG_TASK_MS);
  const long = longTasks.map((e) => (e.dur ?? 0) / 1000);
  return {
    blockingMs: Math.round(long.reduce((sum, ms) => sum + ms - LONG_TASK_MS, 0)),
    longTasks: long.length,
    longestMs: Math.round(Math.max(0, ...long)),
    tasks: longTasks.map((e) => ({ startMs: (e.ts - first) / 1000, ms: (e.dur ?? 0) / 1000, parts: partsOf(e, inMain) })),
  };
}

/** One load of `url` in `page` (its session and cache as they are), measured; the page's viewport and CPU are restored after. */
async function measureOnce(page: Page, url: string): Promise<Blocking> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-trace-')), 'trace.json');
  const viewport = page.viewport();
  const cdp = await page.createCDPSession();
  try {
    await page.setViewport(PHONE);
    await page.goto('about:blank');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.tracing.start({ path: file, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute'] });
    await page.goto(url);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    await page.tracing.stop();
    const rules = (await page.evaluate(COUNT_RULES)) as Blocking['rules'];
    return { ...blockingOf((JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents), rules };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    if (viewport) await page.setViewport(viewport);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** The run with the median blocking of `runs` loads. */
export async function mainThreadBlocking(page: Page, url: string, runs: number): Promise<Blocking> {
  const results: Blocking[] = [];
  for (let i = 0; i < runs; i++) results.push(await measureOnce(page, url));
  results.sort((a, b) => a.blockingMs - b.blockingMs);
  return results[Math.floor(results.length / 2)];
}
