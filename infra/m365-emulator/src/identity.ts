// The identity platform endpoints a client-credentials client reads: the token endpoint, and the
// discovery documents MSAL (inside @azure/identity) fetches before it asks for a token. Shapes follow
// Microsoft Learn ("OpenID Connect on the Microsoft identity platform", "Custom authority aliases");
// every URL in them starts with the origin the request came to.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { readBody, sendJson } from './http-kit';
import type { ServerState } from './server';

/** The application permissions the tenant's own app registration holds (granted when the tenant was set up). */
export const OWN_APP_ROLES: readonly string[] = [
  'User.Read.All',
  'Group.Read.All',
  'Mail.ReadWrite',
  'Calendars.ReadWrite',
  'Contacts.ReadWrite',
  'Files.ReadWrite.All',
  'Sites.ReadWrite.All',
  'ChannelMessage.Read.All',
  'Organization.Read.All',
];

export function aadError(res: ServerResponse, status: number, error: string, code: number, description: string): void {
  const traceId = randomUUID();
  sendJson(res, status, {
    error,
    error_description: `AADSTS${code}: ${description} Trace ID: ${traceId} Correlation ID: ${traceId} Timestamp: ${new Date().toISOString()}`,
    error_codes: [code],
    timestamp: new Date().toISOString(),
    trace_id: traceId,
    correlation_id: traceId,
  });
}

/** `POST /{tenant}/oauth2/v2.0/token`, client-credentials grant only. */
async function tokenEndpoint(state: ServerState, tenantSegment: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  state.stats.tokenRequests += 1;
  const { tenant } = state;
  const tenantName = decodeURIComponent(tenantSegment).toLowerCase();
  if (tenantName !== tenant.tenantId && tenantName !== tenant.domain) {
    return aadError(res, 400, 'invalid_request', 90002, `Tenant '${tenantName}' not found.`);
  }
  const form = new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
  if (form.get('grant_type') !== 'client_credentials') return aadError(res, 400, 'unsupported_grant_type', 70003, 'The app requested an unsupported grant type.');
  const clientId = form.get('client_id') ?? '';
  const provider = state.providerApp?.clientId === clientId ? state.providerApp : undefined;
  if (clientId !== tenant.clientId && !provider) {
    return aadError(res, 400, 'unauthorized_client', 700016, `Application with identifier '${clientId}' was not found in the directory '${tenant.domain}'.`);
  }
  if (form.get('client_secret') !== (provider ? provider.clientSecret : tenant.clientSecret)) {
    return aadError(res, 401, 'invalid_client', 7000215, 'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.');
  }
  // Another organisation's app exists in this tenant only once an administrator consented to it.
  if (provider && !state.providerConsent) {
    return aadError(
      res,
      400,
      'unauthorized_client',
      700016,
      `Application with identifier '${clientId}' was not found in the directory '${tenant.domain}'. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant.`,
    );
  }
  if (!provider && !state.consentGranted) {
    return aadError(
      res,
      400,
      'invalid_grant',
      65001,
      `The user or administrator has not consented to use the application with ID '${tenant.clientId}' named 'Cloud Backup'. Send an interactive authorization request for this user and resource.`,
    );
  }
  if (!/\/\.default$/.test(form.get('scope') ?? '')) return aadError(res, 400, 'invalid_scope', 1002012, 'The provided value for scope is not valid. Client credential flows must have a scope value with /.default suffixed.');
  const issued = state.auth.issue(clientId, provider ? (state.providerConsent ?? []) : OWN_APP_ROLES);
  sendJson(res, 200, { token_type: 'Bearer', expires_in: issued.expires_in, ext_expires_in: issued.expires_in, access_token: issued.access_token });
}

/** The tenant a path segment names: its id or domain, or the multi-tenant aliases (null: unknown). */
function tenantOf(state: ServerState, segment: string): string | null {
  const name = decodeURIComponent(segment).toLowerCase();
  if (name === state.tenant.tenantId || name === state.tenant.domain) return state.tenant.tenantId;
  // `common` and `organizations` answer with placeholders, as Entra ID does; MSAL substitutes the tenant.
  if (name === 'common' || name === 'organizations') return '{tenant}';
  return null;
}

/** `GET /{tenant}/v2.0/.well-known/openid-configuration`: the OpenID provider configuration document. */
function openIdConfiguration(state: ServerState, origin: string, tenantSegment: string, res: ServerResponse): void {
  const tenant = tenantOf(state, tenantSegment);
  if (!tenant) return aadError(res, 400, 'invalid_tenant', 90002, `Tenant '${decodeURIComponent(tenantSegment)}' not found.`);
  const base = `${origin}/${tenant}`;
  sendJson(res, 200, {
    token_endpoint: `${base}/oauth2/v2.0/token`,
    token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
    jwks_uri: `${base}/discovery/v2.0/keys`,
    response_modes_supported: ['query', 'fragment', 'form_post'],
    subject_types_supported: ['pairwise'],
    id_token_signing_alg_values_supported: ['RS256'],
    response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
    scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    // A tenant's issuer names its id; the multi-tenant documents carry the `{tenantid}` placeholder.
    issuer: `${origin}/${tenant === '{tenant}' ? '{tenantid}' : tenant}/v2.0`,
    request_uri_parameter_supported: false,
    userinfo_endpoint: `${origin}/oidc/userinfo`,
    authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
    device_authorization_endpoint: `${base}/oauth2/v2.0/devicecode`,
    http_logout_supported: true,
    frontchannel_logout_supported: true,
    end_session_endpoint: `${base}/oauth2/v2.0/logout`,
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'acr', 'nonce', 'preferred_username', 'name', 'tid', 'ver', 'at_hash', 'c_hash', 'email'],
    tenant_region_scope: null,
    cloud_instance_name: new URL(origin).hostname,
    msgraph_host: new URL(origin).host,
  });
}

/**
 * `GET /common/discovery/instance?api-version=1.1&authorization_endpoint=…`: instance discovery. The
 * emulator is a cloud of one host, so that host is its own preferred network and cache alias; an
 * authorization endpoint on another host is an unknown instance (AADSTS50049), as Learn documents.
 */
function instanceDiscovery(origin: string, url: URL, res: ServerResponse): void {
  const endpoint = url.searchParams.get('authorization_endpoint');
  if (!endpoint) return aadError(res, 400, 'invalid_request', 900144, "The request body must contain the following parameter: 'authorization_endpoint'.");
  let authorize: URL;
  try {
    authorize = new URL(endpoint);
  } catch {
    return aadError(res, 400, 'invalid_instance', 50049, 'Unknown or invalid instance.');
  }
  const host = new URL(origin).host;
  if (authorize.host.toLowerCase() !== host.toLowerCase()) return aadError(res, 400, 'invalid_instance', 50049, 'Unknown or invalid instance.');
  const tenant = authorize.pathname.split('/').filter(Boolean)[0] ?? 'common';
  sendJson(res, 200, {
    tenant_discovery_endpoint: `${origin}/${tenant}/v2.0/.well-known/openid-configuration`,
    'api-version': '1.1',
    metadata: [{ preferred_network: host, preferred_cache: host, aliases: [host] }],
  });
}

/** Answers an identity platform request; false when the path is not one. */
export async function identityEndpoint(state: ServerState, origin: string, url: URL, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const path = url.pathname;
  const method = req.method ?? 'GET';
  const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path);
  if (token && method === 'POST') {
    await tokenEndpoint(state, token[1], req, res);
    return true;
  }
  if (method !== 'GET') return false;
  const configuration = /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/.exec(path);
  const keys = /^\/([^/]+)\/discovery\/v2\.0\/keys$/.exec(path);
  const instance = /^\/[^/]+\/discovery\/instance$/.test(path);
  if (!configuration && !keys && !instance) return false;
  state.stats.discoveryRequests += 1;
  if (configuration) openIdConfiguration(state, origin, configuration[1], res);
  else if (instance) instanceDiscovery(origin, url, res);
  else if (keys && !tenantOf(state, keys[1])) aadError(res, 400, 'invalid_tenant', 90002, `Tenant '${decodeURIComponent(keys[1])}' not found.`);
  // The emulator's access tokens are opaque HMAC-signed strings, not JWTs: there is no public key to publish.
  else sendJson(res, 200, { keys: [] });
  return true;
}
