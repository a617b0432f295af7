import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { TokenAuthority } from './auth';
import { handleBatch } from './batch';
import { innerRequest } from './inner-request';
import { GRAPH_LIMITS, GraphLimits, type GraphLimitsConfig } from './graph-limits';
import { Faults, type CorruptionRule, type FailureRule, type ThrottleRule } from './faults';
import { HttpError, readBody, requestOrigin, sendError, sendJson, setODataContext, setRequestIds, type Ctx, type ODataContext, type Route } from './http-kit';
import { adminConsentEndpoint, type ProviderApp } from './admin-consent';
import { identityEndpoint } from './identity';
import { mutate } from './mutate';
import { directoryRoutes } from './routes-directory';
import { driveRoutes, serveDownload, serveUpload, type UploadSession } from './routes-drive';
import { mailRoutes } from './routes-mail';
import { teamsRoutes } from './routes-teams';
import type { Tenant } from './tenant';
import type { TlsCertificate } from './tls';

export interface EmulatorStats {
  /** Every request served, a `$batch`'s steps each counted as well as the batch. */
  requests: number;
  /** Graph requests, a `$batch`'s steps each counted (not the batch itself). */
  graphRequests: number;
  /** Graph requests that came over the network: a `$batch` counts once, its steps not. */
  graphHttpRequests: number;
  tokenRequests: number;
  /** OpenID configuration, keys and instance discovery documents served (what MSAL reads before a token). */
  discoveryRequests: number;
  throttled: number;
  failed: number;
}

/** Graph's own paths (and the upload and download URLs it hands out), not the identity platform's or the emulator's. */
const isGraphPath = (path: string) => path.startsWith('/v1.0/') || path.startsWith('/_upload/') || path.startsWith('/_download/');
const isBatchPath = (path: string) => /^\/v1\.0\/(\$|%24)batch$/i.test(path);

export interface ServerState {
  tenant: Tenant;
  auth: TokenAuthority;
  faults: Faults;
  /** Graph's documented service limits, when turned on (off by default). */
  limits: GraphLimits;
  stats: EmulatorStats;
  adminKey?: string;
  /** The address the server listens on (`https://127.0.0.1:4100`); links use the origin each request came to. */
  origin: string;
  /** Serve https with this certificate; plain http without. */
  tls?: TlsCertificate;
  /** False after revokeConsent(): tokens are refused (AADSTS65001) and Graph answers 403, as Entra ID and Graph do. */
  consentGranted: boolean;
  /** The backup provider's multi-tenant app, when the emulator is told about one. */
  providerApp?: ProviderApp;
  /** The app roles an administrator granted the provider's app (admin-consent.ts); null before consent. */
  providerConsent: string[] | null;
}

async function adminEndpoint(state: ServerState, origin: string, path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (state.adminKey && req.headers['x-emulator-key'] !== state.adminKey) return sendError(res, 401, 'Unauthorized', 'x-emulator-key is missing or wrong.');
  const method = req.method ?? 'GET';
  const json = async <T>() => {
    const body = (await readBody(req, 64 * 1024)).toString('utf8');
    return (body ? JSON.parse(body) : null) as T;
  };
  const { tenant } = state;
  if (path === '/_emulator/info' && method === 'GET') {
    return sendJson(res, 200, {
      seed: tenant.seed,
      size: tenant.size,
      url: `${origin}/v1.0`,
      authorityUrl: origin,
      tenantId: tenant.tenantId,
      clientId: tenant.clientId,
      clientSecret: tenant.clientSecret,
      organizationName: tenant.organizationName,
      domain: tenant.domain,
      users: tenant.users.length,
      groups: tenant.groups.length,
      sites: tenant.sites.length,
      teams: tenant.groups.filter((g) => g.isTeam).length,
      items: tenant.counts(),
      seq: tenant.seq,
      faults: state.faults.describe(),
      limits: state.limits.describe(),
      consentGranted: state.consentGranted,
      providerConsent: state.providerConsent,
      stats: state.stats,
    });
  }
  if (path === '/_emulator/mutate' && method === 'POST') {
    const body = await json<{ fraction?: unknown }>();
    const fraction = Number(body?.fraction);
    if (!(fraction >= 0 && fraction <= 1)) return sendError(res, 400, 'BadRequest', 'fraction must be a number between 0 and 1.');
    return sendJson(res, 200, mutate(tenant, fraction));
  }
  if ((path === '/_emulator/throttle' || path === '/_emulator/failure') && (method === 'POST' || method === 'PUT' || method === 'DELETE')) {
    const rule = method === 'DELETE' ? null : await json<ThrottleRule & FailureRule>();
    if (path === '/_emulator/throttle') state.faults.setThrottle(rule);
    else state.faults.setFailure(rule);
    return sendJson(res, 200, state.faults.describe());
  }
  if (path === '/_emulator/corruption' && (method === 'POST' || method === 'PUT' || method === 'DELETE')) {
    state.faults.setCorruption(method === 'DELETE' ? null : await json<CorruptionRule>());
    return sendJson(res, 200, state.faults.describe());
  }
  if (path === '/_emulator/limits' && (method === 'POST' || method === 'PUT' || method === 'DELETE')) {
    const body = method === 'DELETE' ? false : await json<boolean | Partial<GraphLimitsConfig>>();
    const figuresOk =
      typeof body === 'object' &&
      body !== null &&
      Object.entries(body).every(([key, value]) => key in GRAPH_LIMITS && typeof value === 'number' && Number.isFinite(value) && value >= 0);
    if (body !== true && body !== false && !figuresOk) {
      return sendError(res, 400, 'BadRequest', `Send true, false or an object of non-negative numbers among ${Object.keys(GRAPH_LIMITS).join(', ')}.`);
    }
    state.limits.configure(body);
    return sendJson(res, 200, { limits: state.limits.describe() });
  }
  if (path === '/_emulator/expire-delta-tokens' && method === 'POST') {
    tenant.deltaGeneration += 1;
    res.writeHead(204).end();
    return;
  }
  if (path === '/_emulator/consent' && method === 'GET') return sendJson(res, 200, { granted: state.consentGranted });
  if (path === '/_emulator/consent' && (method === 'POST' || method === 'PUT')) {
    const body = await json<{ granted?: unknown }>();
    if (typeof body?.granted !== 'boolean') return sendError(res, 400, 'BadRequest', 'granted must be true or false.');
    state.consentGranted = body.granted;
    return sendJson(res, 200, { granted: state.consentGranted });
  }
  if (path === '/_emulator/revoke-tokens' && method === 'POST') {
    state.auth.revokeAll();
    res.writeHead(204).end();
    return;
  }
  sendError(res, 404, 'NotFound', `No admin endpoint ${method} ${path}.`);
}

/** `/users/{id}/drive/...`, `/groups/{id}/drive/...` and `/sites/{id}/drive/...` are aliases of `/drives/{id}/...`. */
function rewriteDriveAlias(tenant: Tenant, path: string): string {
  const match = /^\/(users|groups|sites)\/([^/]+)\/drive\/(.+)$/.exec(path);
  if (!match) return path;
  const id = decodeURIComponent(match[2]);
  let driveNo: number | undefined;
  if (match[1] === 'users') driveNo = tenant.user(id)?.driveNo;
  else if (match[1] === 'groups') {
    const group = tenant.group(id);
    driveNo = group ? tenant.sites[group.siteIdx].driveNos[0] : undefined;
  } else driveNo = (id === 'root' ? tenant.sites[0] : tenant.site(id))?.driveNos[0];
  if (driveNo === undefined) throw new HttpError(404, 'itemNotFound', 'The resource could not be found.');
  return `/drives/${encodeURIComponent(tenant.drives[driveNo].id)}/${match[3]}`;
}

// Segments after which the next one is a key (`users/{id}` → `users('{id}')`), for `@odata.context`.
const KEYED = new Set(['users', 'messages', 'mailFolders', 'childFolders', 'events', 'contacts', 'drives', 'items', 'children', 'sites', 'groups', 'teams', 'channels', 'replies', 'attachments', 'members']);
const DELTA_TYPES: Record<string, string> = { messages: 'message', users: 'user', root: 'driveItem', events: 'event', contacts: 'contact' };

/** The context URL of a Graph path below /v1.0 (path-addressed drive items are named by their drive). */
export function odataContextOf(graphBase: string, path: string): ODataContext {
  if (/:\/createUploadSession$/.test(path)) return { base: `${graphBase}/$metadata#microsoft.graph.uploadSession`, complete: true };
  const pathAddressed = /^\/drives\/([^/:]+)\/[^:]*:/.exec(path);
  if (pathAddressed) {
    const drive = `drives('${decodeURIComponent(pathAddressed[1]).replace(/'/g, "''")}')`;
    return { base: `${graphBase}/$metadata#${drive}/items${/:\/children$/.test(path) ? '/children' : ''}`, complete: false };
  }
  const segments = path.split('/').filter(Boolean);
  if (segments[segments.length - 1] === 'delta') {
    return { base: `${graphBase}/$metadata#Collection(${DELTA_TYPES[segments[segments.length - 2]] ?? 'entity'})`, complete: true };
  }
  const parts: string[] = [];
  let lastIsKey = false;
  for (let i = 0; i < segments.length; i++) {
    lastIsKey = i > 0 && KEYED.has(segments[i - 1]) && !parts[parts.length - 1].endsWith(')');
    if (lastIsKey) parts[parts.length - 1] += `('${decodeURIComponent(segments[i]).replace(/'/g, "''")}')`;
    else parts.push(segments[i]);
  }
  // One item by key is named by its set, as Graph does: `users('u')/messages/$entity`.
  if (lastIsKey) parts[parts.length - 1] = parts[parts.length - 1].replace(/\(.*\)$/, '');
  return { base: `${graphBase}/$metadata#${parts.join('/')}`, complete: false };
}

/** A path ending in `/delta` that no delta route answers. */
function isUnsupportedDelta(path: string, routes: Route[]): boolean {
  const pathOnly = path.split('?')[0];
  if (pathOnly.includes(':') || !/\/delta$/.test(pathOnly)) return false;
  return !routes.some((route) => route.pattern.source.includes('delta') && route.pattern.test(pathOnly));
}

export function createEmulatorServer(state: ServerState): Server | HttpsServer {
  const sessions = new Map<string, UploadSession>();
  const routes: Route[] = [...directoryRoutes, ...mailRoutes, ...driveRoutes(sessions), ...teamsRoutes];

  async function dispatch(req: IncomingMessage, res: ServerResponse, origin: string, url: URL): Promise<void> {
    const rawPath = url.pathname;
    if (rawPath.startsWith('/_emulator/')) return adminEndpoint(state, origin, rawPath, req, res);
    const isGraph = isGraphPath(rawPath);
    // The `$batch` envelope is not counted, throttled or failed itself: its requests come back through
    // here one by one.
    const isBatch = isBatchPath(rawPath);
    if (isGraph && !isBatch) state.stats.graphRequests += 1;

    const failure = isBatch ? null : state.faults.nextFailure(rawPath, isGraph);
    if (failure) {
      state.stats.failed += 1;
      if (failure.disconnect) {
        // The connection (a batch's inner request: its answer) ends unanswered.
        res.destroy();
        return;
      }
      return sendError(res, failure.status ?? 500, failure.code ?? 'InternalServerError', failure.message ?? 'An internal server error occurred (injected by the emulator).');
    }
    const throttle = isBatch ? null : state.faults.nextThrottle(rawPath, isGraph);
    if (throttle) {
      state.stats.throttled += 1;
      const status = throttle.status ?? 429;
      return sendError(
        res,
        status,
        status === 503 ? 'ServiceNotAvailable' : 'TooManyRequests',
        status === 503 ? 'The service is temporarily unavailable.' : 'Too many requests, retry after the interval in Retry-After.',
        { 'retry-after': String(throttle.retryAfterSeconds ?? 1) },
      );
    }

    const admission = isBatch ? null : state.limits.admit(req.method ?? 'GET', rawPath);
    if (admission && !admission.ok) {
      state.stats.throttled += 1;
      return sendError(res, 429, admission.code, admission.message, { 'retry-after': String(admission.retryAfterSeconds) });
    }
    if (admission) {
      res.once('close', admission.release);
      if (admission.latencyMs) await new Promise((resolve) => setTimeout(resolve, admission.latencyMs));
    }

    if (await identityEndpoint(state, origin, url, req, res)) return;
    if (await adminConsentEndpoint(state, url, req, res)) return;
    if (rawPath.startsWith('/_download/') && req.method === 'GET') {
      return serveDownload(state.tenant, rawPath.slice('/_download/'.length), res, state.faults.nextCorruption(rawPath));
    }

    let cachedBody: Promise<Buffer> | null = null;
    const ctx: Ctx = {
      req,
      res,
      url,
      path: '',
      tenant: state.tenant,
      origin,
      graphBase: `${origin}/v1.0`,
      inner: (request) => innerRequest((innerReq, innerRes) => serve(innerReq, innerRes, origin), request),
      body: () => (cachedBody ??= readBody(req)),
    };
    if (rawPath.startsWith('/_upload/')) return serveUpload(ctx, sessions, rawPath.slice('/_upload/'.length));
    if (!rawPath.startsWith('/v1.0/')) return sendError(res, 404, 'NotFound', `Nothing at ${rawPath}.`);

    const verdict = state.auth.verify(req.headers.authorization);
    if (!verdict.ok) return sendError(res, 401, 'InvalidAuthenticationToken', verdict.message, { 'www-authenticate': 'Bearer realm=""' });
    // A token issued before consent was revoked no longer carries the app's permissions.
    const consented = verdict.appid === state.providerApp?.clientId ? state.providerConsent !== null : state.consentGranted;
    if (!consented) return sendError(res, 403, 'Authorization_RequestDenied', 'Insufficient privileges to complete the operation.');

    const method = req.method ?? 'GET';
    if (isBatch) {
      if (method !== 'POST') return sendError(res, 405, 'Request_BadRequest', `The ${method} method is not supported on /$batch.`);
      return handleBatch(ctx);
    }
    ctx.path = rewriteDriveAlias(state.tenant, rawPath.slice('/v1.0'.length).replace(/%24/gi, '$'));
    // A `delta` function where Graph v1.0 has none is an unknown segment (400), not a missing item id (404).
    if (isUnsupportedDelta(ctx.path, routes)) return sendError(res, 400, 'BadRequest', `Resource not found for the segment 'delta'.`);
    setODataContext(res, odataContextOf(ctx.graphBase, ctx.path));
    let pathKnown = false;
    for (const route of routes) {
      const match = route.pattern.exec(ctx.path);
      if (!match) continue;
      pathKnown = true;
      if (route.method !== method && route.method !== '*') continue;
      return route.handler(ctx, match.slice(1));
    }
    if (pathKnown) return sendError(res, 405, 'Request_BadRequest', `The ${method} method is not supported on ${ctx.path}.`);
    sendError(res, 400, 'BadRequest', `Resource not found for the segment '${ctx.path.split('/')[1] ?? ''}' (not emulated: ${ctx.path}).`);
  }

  /** A request that came to `origin`, from the network or from a `$batch` (innerRequest). */
  const serve = (req: IncomingMessage, res: ServerResponse, origin: string) => {
    state.stats.requests += 1;
    setRequestIds(req, res);
    const url = new URL(req.url ?? '/', origin);
    dispatch(req, res, origin, url).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) return sendError(res, error.status, error.code, error.message);
      console.error('[m365-emulator]', req.method, req.url, error);
      sendError(res, 500, 'InternalServerError', 'The emulator failed to process the request.');
    });
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (isGraphPath(new URL(req.url ?? '/', state.origin).pathname)) state.stats.graphHttpRequests += 1;
    serve(req, res, requestOrigin(req, state.origin));
  };
  return state.tls ? createHttpsServer({ cert: state.tls.cert, key: state.tls.key }, handle) : createServer(handle);
}
