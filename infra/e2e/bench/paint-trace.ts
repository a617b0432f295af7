// BENCH_TRACE=1: what Lighthouse's observed (unthrottled) load painted and moved, from its trace.
// Lighthouse's own largest-contentful-paint-element and layout-shifts audits come back empty on this
// Chromium; the trace's candidates name the element, its size and when it painted, which is how a
// late LCP was traced to the sign-in page's font swap (issue 21).

export interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  args?: { data?: Record<string, unknown> & { isLoadingMainFrame?: boolean } };
}

const PAINTS = /^(firstContentfulPaint|largestContentfulPaint::Candidate|LayoutShift)$/;

/** One line per first paint, LCP candidate and layout shift, in ms from navigation start, then the long tasks. */
export function paintTrace(events: TraceEvent[]): string[] {
  const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame)?.ts ?? events[0]?.ts ?? 0;
  const at = (ts: number) => String(Math.round((ts - start) / 1000)).padStart(6);
  const lines = events
    .filter((e) => PAINTS.test(e.name) && e.ts >= start)
    .map((e) => {
      const d = e.args?.data ?? {};
      if (e.name === 'LayoutShift') {
        const nodes = (d.impacted_nodes as { old_rect: number[]; new_rect: number[] }[] | undefined) ?? [];
        return `${at(e.ts)} layout shift ${Number(d.score).toFixed(4)}: ${nodes.map((n) => `[${n.old_rect}] -> [${n.new_rect}]`).join(', ')}`;
      }
      if (e.name === 'firstContentfulPaint') return `${at(e.ts)} first contentful paint`;
      return `${at(e.ts)} LCP candidate ${String(d.nodeName)} (${String(d.type)}, ${String(d.size)} px²)`;
    });
  const long = events.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 50_000 && e.ts >= start);
  lines.push(`long tasks (start+ms): ${long.map((e) => `${at(e.ts).trim()}+${Math.round((e.dur ?? 0) / 1000)}`).join(' ') || 'none'}`);
  return lines;
}
