import { DEFAULT_API_BASE, MESSAGES, PUBLIC_URL_MARKERS, paths } from '@portal/config';
import { authStore, clearServiceToken, clearSessionUser, getServiceToken, getSessionUser } from '@portal/auth-bridge';
import { loadingStore } from './loading-store';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]> | URLSearchParams | string;

export interface RequestOptions {
  method: HttpMethod | Lowercase<HttpMethod>;
  /** Path relative to the API base, e.g. `api/signin`. A leading slash is ignored. */
  url: string;
  /** JSON body; also the fallback source of the `userid` header (`data.userId`). */
  data?: unknown;
  headers?: Record<string, string>;
  params?: QueryParams;
  /** A public endpoint (its descriptor says so): no identity headers, and a 401 is only an answer. */
  anonymous?: boolean;
}

export interface RequestConfig {
  /** API base, default `/backend/`; the host sets it from /runtime-config.json. */
  baseUrl: string;
  /** Called after a 401 on a non-public URL; default goes to /login. */
  onUnauthorized: () => void;
}

const defaultConfig = (): RequestConfig => ({
  baseUrl: DEFAULT_API_BASE,
  onUnauthorized: () => window.location.assign(paths.login),
});

let config: RequestConfig = defaultConfig();

export const configureRequest = (options: Partial<RequestConfig>): void => {
  config = {
    baseUrl: options.baseUrl ?? config.baseUrl,
    onUnauthorized: options.onUnauthorized ?? config.onUnauthorized,
  };
};

export const getRequestConfig = (): Readonly<RequestConfig> => ({ ...config });

/** Back to the defaults (for tests and hot reload). */
export const resetRequestConfig = (): void => {
  config = defaultConfig();
};

/** True when the URL contains one of the spec's public markers (no identity headers, no 401 redirect). */
export const isPublicUrl = (url: string): boolean => PUBLIC_URL_MARKERS.some((marker) => url.includes(marker));

// ky is loaded on first use, as a chunk of its own: a page that makes no call while it loads (the
// sign-in page checks maintenance when idle) is usable without it (page weight, issue 21). Also,
// ky touches TextEncoder at import time, which plain jsdom lacks, and importing this package (for
// the loading store, say) must not require a Fetch-capable environment.
let kyModule: Promise<typeof import('ky')> | undefined;
const loadKy = async () => (await (kyModule ??= import('ky'))).default;

const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:\/\//i;

// Resolved to an absolute URL here because non-browser fetch implementations reject relative ones.
const resolveUrl = (url: string, params: QueryParams | undefined): string => {
  let target: string;
  if (ABSOLUTE_URL.test(url)) {
    target = url;
  } else {
    const base = config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;
    target = base + url.replace(/^\/+/, '');
  }
  const query = toSearchParams(params);
  const here = typeof window !== 'undefined' ? window.location?.href : undefined;
  if (!here && !ABSOLUTE_URL.test(target)) {
    const q = query.toString();
    return q ? `${target}${target.includes('?') ? '&' : '?'}${q}` : target;
  }
  const resolved = new URL(target, here);
  query.forEach((value, key) => resolved.searchParams.append(key, value));
  return resolved.toString();
};

const toSearchParams = (params: QueryParams | undefined): URLSearchParams => {
  if (params === undefined) return new URLSearchParams();
  if (typeof params === 'string' || params instanceof URLSearchParams) return new URLSearchParams(params);
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values as QueryValue[]) {
      if (value !== undefined && value !== null) search.append(key, String(value));
    }
  }
  return search;
};

const userIdFromBody = (data: unknown): string | undefined => {
  if (typeof data !== 'object' || data === null) return undefined;
  const id = (data as { userId?: unknown }).userId;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
};

const buildHeaders = (publicUrl: boolean, data: unknown, extra: Record<string, string> | undefined): Headers => {
  const headers = new Headers({ accept: 'application/json' });
  const token = getServiceToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  const userId = getSessionUser()?.userId ?? userIdFromBody(data);
  if (userId) headers.set('userid', userId);
  if (extra) for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  if (publicUrl) {
    headers.delete('authorization');
    headers.delete('userid');
  }
  return headers;
};

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
};

const serverErrorMessage = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { errorMessage?: unknown }).errorMessage;
  return typeof message === 'string' && message !== '' ? message : undefined;
};

class InvalidResponseError extends Error {
  constructor() {
    super(MESSAGES.invalidResponse);
    this.name = 'InvalidResponseError';
  }
}

const handleUnauthorized = (): void => {
  clearSessionUser();
  clearServiceToken();
  // Without this a router-based onUnauthorized would bounce from /login back into the shell.
  authStore.getState().logout();
  try {
    config.onUnauthorized();
  } catch (error) {
    console.error(error);
  }
};

let backgroundDepth = 0;

/**
 * Runs `start` with its requests kept off the global loading bar: for polls (job progress, health,
 * the maintenance notice) that would otherwise flash the bar every few seconds. Only requests that
 * `start` issues synchronously (before its first await) are covered, which is how the call helpers work.
 */
export function inBackground<T>(start: () => T): T {
  backgroundDepth += 1;
  try {
    return start();
  } finally {
    backgroundDepth -= 1;
  }
}

/**
 * The portal's only HTTP client (spec sections 7 and 8). Resolves with the JSON body on success and
 * with `{ errorMessage }` on any failure; rejects only with "Invalid response received".
 */
export async function request<T = unknown>({ method, url, data, headers, params, anonymous }: RequestOptions): Promise<T> {
  const verb = method.toUpperCase() as HttpMethod;
  const publicUrl = anonymous === true || isPublicUrl(url);
  const quiet = backgroundDepth > 0;
  const { start, stop } = loadingStore.getState();
  if (!quiet) start();
  try {
    const ky = await loadKy();
    const response = await ky(resolveUrl(url, params), {
      method: verb,
      headers: buildHeaders(publicUrl, data, headers),
      // fetch forbids a body on GET and HEAD.
      json: data !== undefined && verb !== 'GET' && verb !== 'HEAD' ? data : undefined,
      timeout: false,
      retry: 0,
      // Error statuses are mapped below, where the body's errorMessage is still readable.
      throwHttpErrors: false,
    });

    if (!response.ok) {
      const body = await readJson(response).catch(() => undefined);
      const message = serverErrorMessage(body) ?? `Request failed with status code ${response.status}`;
      console.error(new Error(`${verb} ${url}: ${message}`));
      if (response.status === 401 && !publicUrl) handleUnauthorized();
      return { errorMessage: message } as T;
    }

    const text = await response.text();
    // Empty but present (204, or a zero-length 200): accepted, as an empty object callers can inspect.
    if (text === '') return {} as T;
    const body: unknown = JSON.parse(text);
    if (body === null || body === undefined) throw new InvalidResponseError();
    return body as T;
  } catch (error) {
    console.error(error);
    if (error instanceof InvalidResponseError) throw error;
    return { errorMessage: error instanceof Error ? error.message : String(error) } as T;
  } finally {
    if (!quiet) stop();
  }
}
