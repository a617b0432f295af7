import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { b64url, unb64url } from './prng';
import type { Tenant } from './tenant';
import type { InnerAnswer, InnerRequest } from './inner-request';

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Path below /v1.0, still percent-encoded. */
  path: string;
  tenant: Tenant;
  /** Scheme and Host the request came to (`https://localhost:4100`): every link the emulator hands out starts with it. */
  origin: string;
  /** `{origin}/v1.0`. */
  graphBase: string;
  /** Runs a request through the emulator's HTTP handling as if it had come alone to `origin` (a `$batch`'s). */
  inner(request: InnerRequest): Promise<InnerAnswer>;
  body(): Promise<Buffer>;
}

export type Handler = (ctx: Ctx, params: string[]) => Promise<void> | void;
export interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, 'ErrorItemNotFound', `${what} not found.`);
export const badRequest = (message: string, code = 'BadRequest') => new HttpError(400, code, message);

// `@odata.context` of the Graph request a response answers, set by the dispatcher.
const contexts = new WeakMap<ServerResponse, ODataContext>();

export interface ODataContext {
  /** `{graphBase}/$metadata#users('…')/messages`: the entity set or navigation the path names. */
  base: string;
  /** The context is complete as it is (delta's `Collection(message)`, a non-entity type): no `/$entity`. */
  complete: boolean;
}

export function setODataContext(res: ServerResponse, context: ODataContext): void {
  contexts.set(res, context);
}

/** Graph's context URL for a successful JSON answer: the collection for lists, `/$entity` for one item. */
function withODataContext(res: ServerResponse, status: number, body: unknown): unknown {
  const context = contexts.get(res);
  if (!context || status >= 300 || !body || typeof body !== 'object' || Array.isArray(body) || '@odata.context' in body) return body;
  const isList = Array.isArray((body as { value?: unknown }).value);
  return { '@odata.context': isList || context.complete ? context.base : `${context.base}/$entity`, ...body };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(withODataContext(res, status, body));
  res.writeHead(status, { 'content-type': 'application/json; odata.metadata=minimal; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Graph's error envelope. */
export function sendError(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  const requestId = String(res.getHeader('request-id') ?? randomUUID());
  const clientRequestId = String(res.getHeader('client-request-id') ?? requestId);
  sendJson(
    res,
    status,
    { error: { code, message, innerError: { date: new Date().toISOString().replace(/\.\d{3}Z$/, ''), 'request-id': requestId, 'client-request-id': clientRequestId } } },
    { 'request-id': requestId, 'client-request-id': clientRequestId, ...headers },
  );
}

/**
 * Graph's correlation headers on every response: a new `request-id`, and the caller's
 * `client-request-id` echoed (a new one when the caller sent none or an unusable one).
 */
export function setRequestIds(req: IncomingMessage, res: ServerResponse): void {
  const requestId = randomUUID();
  const sent = req.headers['client-request-id'];
  res.setHeader('request-id', requestId);
  res.setHeader('client-request-id', typeof sent === 'string' && /^[A-Za-z0-9._:{}-]{1,128}$/.test(sent) ? sent : requestId);
}

// A Host header is `host[:port]` (a bracketed IPv6 literal allowed); anything else is not used in links.
const HOST_HEADER = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin a request came to, as Graph builds its links: the scheme of the connection and the Host
 * header, so a client that reached the emulator as `https://localhost:4100` (or through a port
 * mapping) follows links to the same place. Without a usable Host header, `fallback` (the listening address).
 */
export function requestOrigin(req: IncomingMessage, fallback: string): string {
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const host = req.headers.host;
  return host && HOST_HEADER.test(host) ? `${scheme}://${host}` : `${scheme}://${new URL(fallback).host}`;
}

export async function readBody(req: IncomingMessage, limit = 64 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, 'RequestEntityTooLarge', 'The request body is too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function readJson<T>(ctx: Ctx): Promise<T> {
  const body = await ctx.body();
  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch {
    throw badRequest('Unable to read JSON request payload.', 'BadRequest');
  }
}

export const decode = (segment: string) => decodeURIComponent(segment);

/**
 * How a resource answers a `$top` above its maximum: Outlook, OneDrive and Teams return at most their
 * maximum ('cap'); directory objects (users, groups, members) refuse it with 400
 * `Request_UnsupportedQuery` ('directory'), as Graph does.
 */
export type OverMax = 'cap' | 'directory';

/** Page size from $top or `Prefer: odata.maxpagesize`, clamped to what Graph allows for the resource. */
export function pageSize(ctx: Ctx, fallback: number, max: number, overMax: OverMax = 'cap'): number {
  const top = ctx.url.searchParams.get('$top');
  const prefer = /odata\.maxpagesize=(\d+)/.exec(String(ctx.req.headers.prefer ?? ''));
  const asked = top !== null ? Number(top) : prefer ? Number(prefer[1]) : fallback;
  if (overMax === 'directory' && top !== null && !(Number.isInteger(asked) && asked >= 1 && asked <= max)) {
    throw badRequest(`Invalid page size specified: '${top}'. Must be between 1 and ${max} inclusive.`, 'Request_UnsupportedQuery');
  }
  if (!Number.isInteger(asked) || asked < 1) throw badRequest(`Invalid page size '${top ?? prefer?.[1]}'.`, 'ErrorInvalidArgument');
  if (prefer && top === null) ctx.res.setHeader('preference-applied', `odata.maxpagesize=${Math.min(asked, max)}`);
  return Math.min(asked, max);
}

export function encodeToken(value: unknown): string {
  return b64url(JSON.stringify(value));
}

export function decodeToken<T>(token: string): T {
  try {
    return JSON.parse(unb64url(token)) as T;
  } catch {
    throw badRequest('The skip or delta token is malformed.', 'InvalidToken');
  }
}

/** The current request's URL with `$skiptoken`/`$deltatoken` replaced, as Graph builds nextLink and deltaLink. */
export function linkWith(ctx: Ctx, name: '$skiptoken' | '$deltatoken', token: string): string {
  const url = new URL(`${ctx.graphBase}${ctx.path}`);
  for (const [key, value] of ctx.url.searchParams) {
    if (key !== '$skiptoken' && key !== '$deltatoken') url.searchParams.set(key, value);
  }
  url.searchParams.set(name, token);
  return url.toString().replace(/%24/g, '$');
}

const ALWAYS = new Set(['id', '@odata.type', '@odata.etag', '@removed', 'deleted', '@microsoft.graph.downloadUrl']);

/** Applies `$select` the way Graph does: id and annotations always stay. */
export function select<T extends object>(ctx: Ctx, item: T): T {
  const raw = ctx.url.searchParams.get('$select');
  if (!raw) return item;
  const wanted = new Set(raw.split(',').map((field) => field.trim()));
  return Object.fromEntries(Object.entries(item).filter(([key]) => ALWAYS.has(key) || wanted.has(key))) as T;
}
