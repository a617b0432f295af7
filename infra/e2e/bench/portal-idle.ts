// A portal started for a page benchmark runs the demo tenant's first backup at once (seeded through
// the real engine), which took most of the 2-core machine for its first minute: pages measured then
// were measured against it. The bench starts the portal with a metrics token and waits here until no
// job is queued or running (the API's own Prometheus metrics), so every page is measured on an idle server.

/** The token the bench's portal serves api/metrics with (METRICS_TOKEN: at least 16 characters). */
export const BENCH_METRICS_TOKEN = 'page-bench-metrics-token-0123456789';
const POLL_MS = 1_000;

/** The jobs queued and running, from `portal_job_queue_depth`. */
async function jobQueue(baseUrl: string): Promise<{ queued: number; running: number }> {
  const res = await fetch(`${baseUrl}/backend/api/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`api/metrics answered ${res.status}`);
  const text = await res.text();
  const depth = (state: string) => Number(new RegExp(`^portal_job_queue_depth\\{state="${state}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
  return { queued: depth('queued'), running: depth('running') };
}

/** Waits until the portal has no job queued or running (at most `timeoutMs`); returns how long it waited. */
export async function waitForIdleJobs(baseUrl: string, timeoutMs = 300_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    const { queued, running } = await jobQueue(baseUrl);
    if (queued === 0 && running === 0) return Date.now() - start;
    if (Date.now() - start > timeoutMs) throw new Error(`jobs still queued (${queued}) or running (${running}) after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
