// JSON batching (`POST /v1.0/$batch`), as Microsoft Learn's "Combine multiple HTTP requests using
// JSON batching" documents it: up to 20 requests with unique ids and relative URLs (`/users`, no
// version segment), `dependsOn` ordering, 424 Failed Dependency when a dependency failed, and one
// `{ id, status, headers, body }` per request. Each request goes back through the emulator's own
// HTTP routing, exactly as if it had come alone: the batch's bearer token, per-request throttling and
// fault rules (each request of a batch is evaluated against Graph's limits on its own).
import type { Ctx } from './http-kit';
import { HttpError, readJson, sendJson } from './http-kit';

export const BATCH_LIMIT = 20;

interface BatchRequest {
  id: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  dependsOn?: string[];
}

export interface BatchResponse {
  id: string;
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

const invalid = (message: string) => new HttpError(400, 'BadRequest', message);

/** Validates the envelope; any fault in it fails the whole batch with 400, as Graph does. */
function parseBatch(payload: unknown): BatchRequest[] {
  const requests = (payload as { requests?: unknown } | null)?.requests;
  if (!payload || typeof payload !== 'object' || !Array.isArray(requests)) throw invalid('Invalid batch payload format.');
  if (requests.length === 0) throw invalid('Invalid batch payload format: requests must not be empty.');
  if (requests.length > BATCH_LIMIT) throw invalid(`Number of requests in the batch (${requests.length}) exceeds the limit of ${BATCH_LIMIT}.`);
  const ids = new Set<string>();
  for (const raw of requests as unknown[]) {
    const request = raw as Partial<BatchRequest> | null;
    if (!request || typeof request !== 'object') throw invalid('Invalid batch payload format.');
    if (typeof request.id !== 'string' || request.id === '') throw invalid('Invalid batch payload format: every request needs a string id.');
    if (typeof request.method !== 'string' || typeof request.url !== 'string' || request.url === '') {
      throw invalid(`Invalid batch payload format: request '${request.id}' needs a method and a url.`);
    }
    if (request.headers !== undefined && (typeof request.headers !== 'object' || request.headers === null || Array.isArray(request.headers))) {
      throw invalid(`Invalid batch payload format: the headers of request '${request.id}' must be an object.`);
    }
    if (request.dependsOn !== undefined && (!Array.isArray(request.dependsOn) || request.dependsOn.some((d) => typeof d !== 'string'))) {
      throw invalid(`Invalid batch payload format: dependsOn of request '${request.id}' must be an array of ids.`);
    }
    // Ids are case-insensitive and must be unique.
    const key = request.id.toLowerCase();
    if (ids.has(key)) throw invalid(`Batch request ids must be unique; '${request.id}' is repeated.`);
    ids.add(key);
  }
  const list = requests as BatchRequest[];
  for (const request of list) {
    for (const dependency of request.dependsOn ?? []) {
      if (!ids.has(dependency.toLowerCase())) throw invalid(`Request '${request.id}' depends on '${dependency}', which is not in the batch.`);
      if (dependency.toLowerCase() === request.id.toLowerCase()) throw invalid(`Request '${request.id}' depends on itself.`);
    }
  }
  return list;
}

function errorResponse(id: string, status: number, code: string, message: string): BatchResponse {
  return {
    id,
    status,
    headers: { 'content-type': 'application/json; odata.metadata=minimal; charset=utf-8' },
    body: { error: { code, message, innerError: { date: new Date().toISOString().replace(/\.\d{3}Z$/, '') } } },
  };
}

// Header names as Learn's sample batch response spells them. The Graph SDK looks for `Content-Type`
// exactly (BatchResponseContent inlines a JSON body only then); other names keep the emulator's case.
const GRAPH_HEADER_CASE: Record<string, string> = { 'content-type': 'Content-Type', 'cache-control': 'Cache-Control', 'odata-version': 'OData-Version' };

const isSuccess = (status: number) => status >= 200 && status < 300;

/** One request through the emulator's HTTP interface, as if the client had sent it alone. */
async function execute(ctx: Ctx, request: BatchRequest): Promise<BatchResponse> {
  // Relative to the version root: `/users` or `users?$top=1`; a version segment or an absolute URL is not accepted.
  const relative = request.url.replace(/^\/+/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(request.url) || /^(v1\.0|beta)(\/|$)/i.test(relative)) {
    return errorResponse(request.id, 400, 'BadRequest', `Invalid request URL '${request.url}': batch request URLs are relative to the version root (for example /users).`);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = String(value);
  let body: Buffer | undefined;
  if (request.body !== undefined && request.body !== null) {
    const contentType = headers['content-type'];
    if (!contentType) return errorResponse(request.id, 400, 'BadRequest', `Request '${request.id}' has a body but no Content-Type header.`);
    body = /json/i.test(contentType) && typeof request.body !== 'string' ? Buffer.from(JSON.stringify(request.body)) : Buffer.from(String(request.body), 'base64');
  }
  const authorization = ctx.req.headers.authorization;
  if (authorization) headers.authorization = authorization;
  const response = await ctx.inner({ method: request.method.toUpperCase(), path: `/v1.0/${relative}`, headers, body }).catch(() => null);
  if (!response) return errorResponse(request.id, 503, 'ServiceNotAvailable', 'The connection for this request was closed before it was answered.');
  const answerHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!['content-length', 'connection', 'keep-alive', 'date', 'transfer-encoding'].includes(name)) answerHeaders[GRAPH_HEADER_CASE[name] ?? name] = value;
  }
  const bytes = response.body;
  const answer: BatchResponse = { id: request.id, status: response.status, headers: answerHeaders };
  if (bytes.length > 0) {
    // JSON bodies are inlined; anything else (MIME, file bytes) is base64, as Graph returns it.
    answer.body = bytes.toString('base64');
    if (/json/i.test(response.headers['content-type'] ?? '')) {
      try {
        answer.body = JSON.parse(bytes.toString('utf8')) as unknown;
      } catch {
        // Not JSON after all: left as base64.
      }
    }
  }
  return answer;
}

export const BATCH_PARALLELISM = 4;

/** Runs tasks with at most `limit` at once, in the order they ask. */
function parallelism(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

export async function handleBatch(ctx: Ctx): Promise<void> {
  let payload: unknown;
  try {
    payload = await readJson<unknown>(ctx);
  } catch {
    throw invalid('Invalid batch payload format.');
  }
  const requests = parseBatch(payload);
  const byId = new Map(requests.map((r) => [r.id.toLowerCase(), r]));
  const running = new Map<string, Promise<BatchResponse>>();
  const visiting = new Set<string>();
  // Graph executes at most BATCH_PARALLELISM requests of a batch at any point (Microsoft Learn,
  // "Outlook service limits for JSON batching"), so a batch alone stays within Outlook's concurrency.
  const slots = parallelism(BATCH_PARALLELISM);

  const run = (request: BatchRequest): Promise<BatchResponse> => {
    const key = request.id.toLowerCase();
    const started = running.get(key);
    if (started) return started;
    if (visiting.has(key)) throw invalid(`The dependsOn of request '${request.id}' forms a cycle.`);
    visiting.add(key);
    const dependencies = (request.dependsOn ?? []).map((d) => run(byId.get(d.toLowerCase()) as BatchRequest));
    const promise = Promise.all(dependencies).then((answers) => {
      const failed = answers.find((a) => !isSuccess(a.status));
      if (failed) return errorResponse(request.id, 424, 'FailedDependency', `Request '${request.id}' was not run because its dependency '${failed.id}' failed (${failed.status}).`);
      return slots(() => execute(ctx, request));
    });
    running.set(key, promise);
    return promise;
  };

  const promises = requests.map(run);
  const responses = await Promise.all(promises);
  // `@odata.context` belongs to the inner answers only.
  sendJson(ctx.res, 200, { responses });
}
