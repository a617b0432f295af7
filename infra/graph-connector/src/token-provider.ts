import { GraphError, networkFailure } from './graph-error';
import type { FetchLike } from './types';

export interface TokenProviderOptions {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  authorityUrl: string;
  scope: string;
  fetch: FetchLike;
  refreshSkewMs: number;
  now: () => number;
}

// OAuth2 client-credentials against the identity platform. One token is shared by all concurrent
// calls, and concurrent refreshes collapse into one request.
export function createTokenProvider(options: TokenProviderOptions) {
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const url = `${options.authorityUrl.replace(/\/$/, '')}/${encodeURIComponent(options.tenantId)}/oauth2/v2.0/token`;
    const form = new URLSearchParams({
      client_id: options.clientId,
      client_secret: options.clientSecret,
      scope: options.scope,
      grant_type: 'client_credentials',
    });
    let response: Response;
    try {
      response = await options.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
    } catch (cause) {
      throw networkFailure(cause, 'POST', url);
    }
    if (!response.ok) throw await GraphError.fromResponse(response, 'POST', url);
    const body = (await response.json()) as { access_token?: string; expires_in?: number | string };
    if (!body.access_token) throw new GraphError({ status: response.status, code: 'InvalidTokenResponse', message: 'Token endpoint answered without access_token', method: 'POST', url });
    const lifetimeMs = Number(body.expires_in ?? 3599) * 1000;
    // A short-lived token is refreshed at half its life rather than never being considered fresh.
    const skew = Math.min(options.refreshSkewMs, lifetimeMs / 2);
    cached = { token: body.access_token, expiresAt: options.now() + lifetimeMs - skew };
    return body.access_token;
  }

  return {
    async getToken(): Promise<string> {
      if (cached && options.now() < cached.expiresAt) return cached.token;
      if (!pending) pending = fetchToken().finally(() => { pending = null; });
      return pending;
    },
    /** Drops the cached token after the resource server rejected it. */
    invalidate(token: string) {
      if (cached?.token === token) cached = null;
    },
  };
}
