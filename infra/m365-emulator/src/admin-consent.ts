// The identity platform's admin consent endpoint, as Microsoft Learn documents it ("Admin consent on
// the Microsoft identity platform"): `GET /{tenant}/v2.0/adminconsent?client_id=&scope=&redirect_uri=&state=`
// shows the administrator the permissions the app asks for; Accept grants them in the tenant and
// redirects to redirect_uri with `admin_consent=True&tenant=&scope=&state=`, Cancel redirects with
// `error=access_denied` and an AADSTS65004 description. A request whose app or redirect URI cannot be
// trusted gets an error page, never a redirect.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './http-kit';
import type { ServerState } from './server';

/** A multi-tenant app registration of another organisation (the backup provider's), which this tenant may consent to. */
export interface ProviderApp {
  clientId: string;
  clientSecret: string;
  /** The Graph application permissions (app roles) the registration requires: what consent grants. */
  roles: readonly string[];
  /** Registered redirect URIs; unset, any http(s) URL is accepted (the test's port is not known in advance). */
  redirectUris?: readonly string[];
  displayName?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sendHtml(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'DENY' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`);
}

function errorPage(res: ServerResponse, code: number, message: string): void {
  sendHtml(res, 400, 'Sign in', `<h1>Sorry, but we're having trouble signing you in.</h1><p role="alert">AADSTS${code}: ${escapeHtml(message)}</p>`);
}

interface ConsentRequest {
  app: ProviderApp;
  redirect: URL;
  scope: string;
  state: string | null;
}

/** Checks a request's parameters; null when an error page has been sent. */
function checkRequest(state: ServerState, tenantSegment: string, params: URLSearchParams, res: ServerResponse): ConsentRequest | null {
  const name = decodeURIComponent(tenantSegment).toLowerCase();
  // `organizations` or the tenant itself; `common` is refused, as Learn says personal accounts cannot consent.
  if (name !== 'organizations' && name !== state.tenant.tenantId && name !== state.tenant.domain) {
    errorPage(res, 90002, `Tenant '${name}' not found.`);
    return null;
  }
  const app = state.providerApp;
  const clientId = params.get('client_id') ?? '';
  if (!app || clientId !== app.clientId) {
    errorPage(res, 700016, `Application with identifier '${clientId}' was not found in the directory.`);
    return null;
  }
  const raw = params.get('redirect_uri') ?? '';
  let redirect: URL | null = null;
  try {
    redirect = new URL(raw);
  } catch {
    redirect = null;
  }
  const registered = app.redirectUris ? app.redirectUris.includes(raw) : redirect !== null && /^https?:$/.test(redirect.protocol);
  if (!redirect || !registered) {
    errorPage(res, 50011, `The redirect URI '${raw}' specified in the request does not match the redirect URIs configured for the application '${app.clientId}'.`);
    return null;
  }
  return { app, redirect, scope: params.get('scope') ?? '', state: params.get('state') };
}

function redirectTo(res: ServerResponse, request: ConsentRequest, answer: Record<string, string>): void {
  const target = new URL(request.redirect);
  for (const [key, value] of Object.entries(answer)) target.searchParams.set(key, value);
  if (request.state !== null) target.searchParams.set('state', request.state);
  res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' }).end();
}

/** Application permissions need the static `/.default` scope of Graph (Learn: "you must use the /.default value"). */
const isGraphDefault = (scope: string) => scope.split(/\s+/).includes('https://graph.microsoft.com/.default');

function consentPage(state: ServerState, request: ConsentRequest, action: string, res: ServerResponse): void {
  const { app } = request;
  const hidden = Object.entries({ client_id: app.clientId, redirect_uri: request.redirect.toString(), scope: request.scope, ...(request.state === null ? {} : { state: request.state }) })
    .map(([key, value]) => `<input type="hidden" name="${key}" value="${escapeHtml(value)}">`)
    .join('');
  const roles = app.roles.map((role) => `<li>${escapeHtml(role)}</li>`).join('');
  sendHtml(
    res,
    200,
    'Permissions requested',
    `<h1>Permissions requested</h1>
<p>${escapeHtml(app.displayName ?? 'Cloud Backup')} (${escapeHtml(app.clientId)}) asks for these application permissions in ${escapeHtml(state.tenant.organizationName)} (${escapeHtml(state.tenant.domain)}):</p>
<ul aria-label="Requested permissions">${roles}</ul>
<p>Accepting consents on behalf of your entire organisation.</p>
<form method="post" action="${escapeHtml(action)}">${hidden}
<button type="submit" name="decision" value="accept">Accept</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form>`,
  );
}

/** `GET` shows the consent page, `POST` records the administrator's answer; false when the path is not the endpoint. */
export async function adminConsentEndpoint(state: ServerState, url: URL, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const match = /^\/([^/]+)\/v2\.0\/adminconsent$/.exec(url.pathname);
  const method = req.method ?? 'GET';
  if (!match || (method !== 'GET' && method !== 'POST')) return false;
  const params = method === 'GET' ? url.searchParams : new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
  const request = checkRequest(state, match[1], params, res);
  if (!request) return true;
  if (!isGraphDefault(request.scope)) {
    redirectTo(res, request, { error: 'invalid_request', error_description: "AADSTS70011: The provided value for the input parameter 'scope' is not valid." });
    return true;
  }
  if (method === 'GET') {
    consentPage(state, request, url.pathname, res);
    return true;
  }
  if (params.get('decision') !== 'accept') {
    redirectTo(res, request, { error: 'access_denied', error_subcode: 'cancel', error_description: 'AADSTS65004: User declined to consent to access the app.' });
    return true;
  }
  state.providerConsent = [...request.app.roles];
  redirectTo(res, request, { admin_consent: 'True', tenant: state.tenant.tenantId, scope: 'https://graph.microsoft.com/.default' });
  return true;
}
