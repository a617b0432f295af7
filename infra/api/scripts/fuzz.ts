// Sends malformed input to every route the API registers and reports each 5xx answer.
// Run: npx tsx infra/api/scripts/fuzz.ts [--max 5000] [--url http://127.0.0.1:8081]   (root: pnpm fuzz)
// Without --url the API runs in-process on an in-memory PGlite with the demo seed (nothing leaves
// the process). With --url the requests go to that server, which must be on a loopback address;
// the route list still comes from an in-process instance, so it is the API's own, never hand-written.
import crypto from 'node:crypto';
import Fastify, { type HTTPMethods } from 'fastify';
import type { ZodType } from 'zod';
import { readEnvSettings } from '@portal/settings';
import { apiPlugin } from '../src/api-plugin';
import { setupApi } from '../src/create-api';
import { ACCOUNT_LOCKOUT_DEFAULT, RATE_LIMIT_DEFAULTS, type RateLimitOptions } from '../src/plugins/rate-limits';

const PREFIX = '/backend';
const DEMO_PASSWORD = 'Portal#2026';
const USERS = ['admin', 'partner', 'directpartner', 'customer', 'directcustomer'];

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const MAX_REQUESTS = Number(option('max') ?? 6000);
const TARGET = option('url');

function assertLoopback(url: string): void {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (!/^127\.\d+\.\d+\.\d+$/.test(host) && host !== '::1' && host !== 'localhost') {
    throw new Error(`refusing to fuzz ${host}: only loopback addresses are allowed`);
  }
}

const HUGE = 'x'.repeat(200_000);
/** Values that have broken, or could break, a handler or the database below it. */
const BAD_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\uD800abc',
  'abc\uDFFF',
  HUGE,
  '',
  ' ',
  '2026-13-45',
  '2026-02-30',
  '+275760-09-13T00:00:00Z',
  '10000-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '2026-01-01T25:61:00Z',
  '1e309',
  '-1',
  'NaN',
  '99999999999999999999999',
  "'; drop table users; --",
  '../../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  -1,
  0,
  1e308,
  -1e308,
  2 ** 63,
  1.5,
  true,
  null,
  [],
  {},
  ['\u0000'],
  { $gt: '' },
];
const PATH_VALUES = ['\u0000', '%00', '%ZZ', '\uD800', '%ED%A0%80', crypto.randomUUID(), '00000000-0000-0000-0000-000000000000', '-1', '0', '1e309', '99999999999999999999', HUGE.slice(0, 5000), '..', 'null', '2026-02-30'];

// Values tried, in order, to give a body or query field a value its schema accepts, so one bad field
// at a time reaches the handler instead of the whole request failing validation.
const PLAUSIBLE: unknown[] = ['fuzz', 'fuzz@example.com', 'https://example.com', '2026-01-01', '2026-01-01T00:00:00.000Z', crypto.randomUUID(), 1, 10, true, false, [], {}, 'Fuzz-Name_1'];

type Shape = Record<string, ZodType>;

function shapeOf(schema: unknown): Shape | undefined {
  const candidate = schema as { shape?: Shape; _zod?: { def?: { innerType?: unknown; in?: unknown; schema?: unknown } } } | undefined;
  if (!candidate) return undefined;
  if (candidate.shape && typeof candidate.shape === 'object') return candidate.shape;
  const def = candidate._zod?.def;
  return shapeOf(def?.innerType ?? def?.in ?? def?.schema);
}

function plausible(field: ZodType): unknown {
  const options = (field as unknown as { options?: unknown[] }).options;
  for (const value of [...(Array.isArray(options) ? options : []), ...PLAUSIBLE]) {
    if (field.safeParse(value).success) return value;
  }
  return 'fuzz';
}

interface RouteInfo {
  method: string;
  url: string;
  query?: Shape;
  body?: Shape;
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  label: string;
}

/** encodeURIComponent, except that a lone surrogate goes out as its raw 3-byte form (what a hostile client can send). */
function encode(text: string): string {
  return [...text]
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        const unit = char.charCodeAt(0);
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
      }
    })
    .join('');
}

const encodeQuery = (query: Record<string, unknown>): string =>
  Object.entries(query)
    .map(([key, value]) => `${encode(key)}=${encode(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&');

const describe = (value: unknown): string => {
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 40)}...(${text.length} chars)` : text;
};

function fillPath(url: string, value: string): string {
  // Values written as escapes ('%00', '%ZZ') go out as typed, to test the server's own decoding.
  return url.replace(/:[A-Za-z0-9_]+/g, () => (value.startsWith('%') ? value : encode(value)));
}

/** Stands for the signed-in user's own id (a body or path userId that is not the caller's stops at a 404). */
const SELF = '00000000-5e1f-4000-8000-000000000000';

/**
 * Every malformed request for one route: bad path params, then each bad value in turn in every query
 * and body field (value by value, so a low --max still sends the worst values to every field).
 */
function* requestsFor(route: RouteInfo): Generator<Omit<FuzzRequest, 'headers'>> {
  const fill = (shape: Shape | undefined) => Object.fromEntries(Object.entries(shape ?? {}).map(([key, field]) => [key, /^userId$/i.test(key) ? SELF : plausible(field)]));
  const okPath = fillPath(route.url, SELF);
  const baseQuery = fill(route.query);
  const baseBody = fill(route.body);
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method) || route.body;
  const body = (value: unknown) => (hasBody ? JSON.stringify(value) : undefined);
  if (route.url.includes(':')) {
    for (const value of PATH_VALUES) yield { method: route.method, url: `${PREFIX}${fillPath(route.url, value)}`, body: body(baseBody), label: `path=${describe(value)}` };
  }
  // Without a declared query schema, the usual list parameters are tried.
  const queryKeys = route.query ? Object.keys(route.query) : ['q', 'search', 'from', 'to', 'page', 'pageSize'];
  for (const value of BAD_VALUES) {
    // A 200 KB URL is refused by the HTTP layer, not by us.
    if (value !== HUGE) {
      for (const key of queryKeys) yield { method: route.method, url: `${PREFIX}${okPath}?${encodeQuery({ ...baseQuery, [key]: value })}`, body: body(baseBody), label: `query.${key}=${describe(value)}` };
    }
    if (!hasBody) continue;
    for (const key of Object.keys(route.body ?? {})) {
      yield { method: route.method, url: `${PREFIX}${okPath}`, body: JSON.stringify({ ...baseBody, [key]: value }), label: `body.${key}=${describe(value)}` };
    }
  }
  if (!hasBody) return;
  for (const raw of ['{', '{"a":', '[]', '"\\u0000"', 'null', '1e309', `{"x":"${'\\ud800'}"}`, '\u0000', JSON.stringify(baseBody).replace(/"$/, '')]) {
    yield { method: route.method, url: `${PREFIX}${okPath}`, body: raw, label: `raw body ${describe(raw)}` };
  }
}

async function main(): Promise<number> {
  if (!Number.isInteger(MAX_REQUESTS) || MAX_REQUESTS < 1 || MAX_REQUESTS > 100_000) throw new Error('--max must be between 1 and 100000');
  if (TARGET) assertLoopback(TARGET);

  const { pluginOptions } = await setupApi({ demo: true, jwtSecret: crypto.randomBytes(32).toString('hex'), settings: readEnvSettings() });
  const app = Fastify({ logger: false });
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];
    const schema = route.schema as { querystring?: unknown; body?: unknown } | undefined;
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method, url: route.url.slice(PREFIX.length) || '/', query: shapeOf(schema?.querystring), body: shapeOf(schema?.body) });
    }
  });
  app.decorate('apiDb', pluginOptions.db);
  app.addHook('onClose', async () => pluginOptions.db.close());
  // Limits off in-process: a 429 would stop the input from reaching the code under test.
  const noLimits = Object.fromEntries(Object.keys(RATE_LIMIT_DEFAULTS).map((name) => [name, false])) as RateLimitOptions;
  await app.register(apiPlugin, { ...pluginOptions, rateLimits: noLimits, accountLockout: { ...ACCOUNT_LOCKOUT_DEFAULT, max: 1_000_000 }, addressLockout: false, prefix: PREFIX });
  await app.ready();

  const send = async (request: { method: string; url: string; headers: Record<string, string>; body?: string }) => {
    if (!TARGET) {
      const response = await app.inject({ method: request.method as HTTPMethods, url: request.url, headers: request.headers, payload: request.body });
      return { status: response.statusCode, text: response.body };
    }
    const response = await fetch(new URL(request.url, TARGET), { method: request.method, headers: request.headers, body: request.body });
    return { status: response.status, text: await response.text() };
  };

  const tokens = new Map<string, string>();
  const userIds = new Map<string, string>();
  const signIn = async (username: string) => {
    const response = await send({ method: 'POST', url: `${PREFIX}/api/signin`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: DEMO_PASSWORD }) });
    if (response.status !== 200) throw new Error(`sign-in as ${username} failed: ${response.status} ${response.text}`);
    const session = JSON.parse(response.text) as { accessToken: string; userId: string };
    tokens.set(username, session.accessToken);
    userIds.set(username, session.userId);
  };
  for (const username of USERS) await signIn(username);

  // Changes that would stop the rest of the run (maintenance on, a signed-out session) are undone.
  const heal = async (username: string, status: number, url: string) => {
    if (status === 401) await signIn(username).catch(() => undefined);
    if (url.includes('/maintenance') && status < 300) {
      await send({ method: 'PUT', url: `${PREFIX}/api/operator/maintenance`, headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.get('admin')}` }, body: JSON.stringify({ enabled: false }) });
    }
  };

  routes.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  const perRoute = routes.map((route) => [...requestsFor(route)]);
  let sent = 0;
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  // Round-robin over routes so a low --max still touches every route.
  for (let round = 0; sent < MAX_REQUESTS; round += 1) {
    let any = false;
    for (let index = 0; index < routes.length && sent < MAX_REQUESTS; index += 1) {
      const request = perRoute[index]![round];
      if (!request) continue;
      any = true;
      const username = USERS[(index + round) % USERS.length]!;
      const headers: Record<string, string> = { authorization: `Bearer ${tokens.get(username)}` };
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      const self = userIds.get(username)!;
      const response = await send({ ...request, url: request.url.replaceAll(SELF, self), body: request.body?.replaceAll(SELF, self), headers });
      sent += 1;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500) failures.push(`${response.status} ${routes[index]!.method} ${routes[index]!.url} as ${username}: ${request.label} -> ${response.text.slice(0, 120)}`);
      await heal(username, response.status, request.url);
    }
    if (!any) break;
  }
  await app.close();

  console.log(`routes: ${routes.length}`);
  console.log(`requests sent: ${sent}`);
  console.log(`statuses: ${[...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}x${count}`).join(' ')}`);
  console.log(`5xx: ${failures.length}`);
  for (const failure of failures) console.log(`  ${failure}`);
  console.log(`planned: ${perRoute.reduce((sum, list) => sum + list.length, 0)} (capped by --max ${MAX_REQUESTS})`);
  return failures.length ? 1 : 0;
}

// Exit explicitly: background jobs of the API (schedulers, pools) would keep the process alive.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
