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
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

function blockingOf(events: TraceEvent[]): Blocking {
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const long = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`))
    .map((e) => (e.dur ?? 0) / 1000)
    .filter((ms) => ms > LONG_TASK_MS);
  return { blockingMs: Math.round(long.reduce((sum, ms) => sum + ms - LONG_TASK_MS, 0)), longTasks: long.length, longestMs: Math.round(Math.max(0, ...long)) };
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
    await page.tracing.start({ path: file, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(url);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    await page.tracing.stop();
    return blockingOf((JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents);
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
