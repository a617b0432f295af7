// Write load on the support API: 200 connections for 30 s on loopback, creating tickets and feedback
// as four demo users, then a row count through the API to check that every acknowledged (2xx) write
// was kept. Prints requests/s, latency, errors and the check. Run: `pnpm bench:support`.
// Env: BENCH_CONNECTIONS (200), BENCH_SECONDS (30); DATABASE_URL is passed on to the portal.
import { startPortal } from '../src/portal';

// autocannon ships no types; the bit used here is small.
interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  onResponse?: (status: number) => void;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { average: number; p50: number; p90: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult>;

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const USERS = ['customer', 'partner', 'directpartner', 'directcustomer'];

interface Session {
  username: string;
  userId: string;
  headers: Record<string, string>;
}

async function signIn(base: string, username: string): Promise<Session> {
  const res = await fetch(`${base}/backend/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Portal#2026' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { accessToken: string; userId: string };
  return { username, userId: body.userId, headers: { authorization: `Bearer ${body.accessToken}`, userid: body.userId, 'content-type': 'application/json' } };
}

async function total(base: string, admin: Session, path: string): Promise<number> {
  const res = await fetch(`${base}/backend/${path}?pageSize=1`, { headers: admin.headers });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { total: number }).total;
}

async function main(): Promise<void> {
  const portal = await startPortal(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {});
  try {
    // Sign-in is rate-limited per address: sign in each user once and reuse the tokens.
    const admin = await signIn(portal.url, 'admin');
    const sessions = await Promise.all(USERS.map((u) => signIn(portal.url, u)));
    const before = { tickets: await total(portal.url, admin, 'support/tickets'), feedbacks: await total(portal.url, admin, 'feedbacks/list') };

    const acked = { tickets: 0, feedbacks: 0 };
    const requests: AutocannonRequest[] = sessions.flatMap((s, i) => [
      {
        method: 'POST',
        path: '/backend/support/create',
        headers: s.headers,
        body: JSON.stringify({ userId: s.userId, subject: `Load test ticket ${i}`, description: `Created by the support load benchmark as ${s.username}.` }),
        onResponse: (status: number) => {
          if (status >= 200 && status < 300) acked.tickets++;
        },
      },
      {
        method: 'POST',
        path: '/backend/feedbacks/create',
        headers: s.headers,
        body: JSON.stringify({ userId: s.userId, feedback: `Load test feedback from ${s.username}.` }),
        onResponse: (status: number) => {
          if (status >= 200 && status < 300) acked.feedbacks++;
        },
      },
    ]);

    const result = await autocannon({ url: portal.url, connections: CONNECTIONS, duration: SECONDS, requests, timeout: 30 });

    const after = { tickets: await total(portal.url, admin, 'support/tickets'), feedbacks: await total(portal.url, admin, 'feedbacks/list') };
    const stored = { tickets: after.tickets - before.tickets, feedbacks: after.feedbacks - before.feedbacks };
    // autocannon counts timeouts among its errors already.
    const errors = result.errors + result.non2xx;
    const durable = stored.tickets >= acked.tickets && stored.feedbacks >= acked.feedbacks;

    console.log(`support write load: ${CONNECTIONS} connections, ${SECONDS} s, loopback, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}`);
    console.log(`requests/s (average)   ${result.requests.average.toFixed(1)}`);
    console.log(`requests (total)       ${result.requests.total}`);
    console.log(`latency ms  avg ${result.latency.average.toFixed(1)}  p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`);
    console.log(`errors                 ${errors} (connection errors ${result.errors}, of which timeouts ${result.timeouts}; non-2xx ${result.non2xx})`);
    console.log(`acknowledged writes    tickets ${acked.tickets}, feedback ${acked.feedbacks}`);
    console.log(`rows added (via API)   tickets ${stored.tickets}, feedback ${stored.feedbacks}`);
    console.log(`every acknowledged write stored: ${durable ? 'yes' : 'NO'}`);
    if (errors > 0 || !durable) process.exitCode = 1;
  } finally {
    await portal.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
