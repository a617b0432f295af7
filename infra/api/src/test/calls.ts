import type { Job } from '@portal/contracts';
import type { ApiInstance, Session } from './build';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A request to /backend/<url> as a signed-in user: its status, and its body (parsed when it is JSON). */
export async function call<T>(app: ApiInstance, session: Session, method: Method, url: string, payload?: unknown) {
  const response = await app.inject({ method, url: `/backend/${url}`, headers: session.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const json = String(response.headers['content-type'] ?? '').includes('json');
  return { status: response.statusCode, body: (json ? response.json() : response.body) as T & { errorMessage?: string } };
}

const FINISHED = ['succeeded', 'warning', 'failed', 'cancelled'];

/** Polls a job until it has finished, for up to 150 s. */
export async function waitForJob(app: ApiInstance, session: Session, jobId: string): Promise<Job> {
  const until = Date.now() + 150_000;
  for (;;) {
    const { body } = await call<Job>(app, session, 'GET', `api/jobs/${jobId}`);
    if (FINISHED.includes(body.status)) return body;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The body of POST api/backup/sets for a manual Exchange set of every user, kept 7 days. */
export const manualExchangeSet = (tenantId: string, name: string, services: string[]) => ({
  name,
  tenantId,
  type: 'exchange',
  scope: { mode: 'all' },
  services,
  schedule: { frequency: 'manual', time: '02:00', dayOfWeek: 0 },
  retention: { days: 7 },
});

/** Polls `check` until it holds, for up to `timeoutMs`: for work a request starts and does not wait for. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not so after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
