import { isOutboundRefusal } from '@portal/outbound-guard';

// Every failure the connector surfaces, HTTP or network, is a GraphError so callers can branch on status/code.
export class GraphError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId?: string;
  readonly method?: string;
  readonly url?: string;

  constructor(init: { status: number; code: string; message: string; requestId?: string; method?: string; url?: string; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'GraphError';
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.method = init.method;
    this.url = init.url;
  }

  /**
   * Builds the error from a Graph (`{ error: { code, message } }`) or identity platform
   * (`{ error, error_description }`) answer. A body that is neither is never kept: it could be
   * anything the remote chose to say.
   */
  static async fromResponse(response: Response, method: string, url: string): Promise<GraphError> {
    const text = await response.text().catch(() => '');
    let code = `HTTP${response.status}`;
    let message = `HTTP ${response.status}`;
    try {
      const body = JSON.parse(text) as { error?: unknown; error_description?: unknown };
      if (body.error && typeof body.error === 'object') {
        const inner = body.error as { code?: unknown; message?: unknown };
        code = parsedCode(inner.code) ?? code;
        if (typeof inner.message === 'string') message = inner.message.slice(0, 500);
      } else if (typeof body.error === 'string') {
        code = parsedCode(body.error) ?? code;
        if (typeof body.error_description === 'string') message = body.error_description.slice(0, 500);
      }
    } catch {
      // Not JSON (a proxy page, an empty body): the status says all we repeat.
    }
    const requestId = response.headers.get('request-id') ?? response.headers.get('client-request-id') ?? undefined;
    return new GraphError({ status: response.status, code, message, requestId, method, url });
  }
}

/** An error code as Graph and OAuth spell them (letters, digits, _ and .); anything else is not one. */
function parsedCode(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z][A-Za-z0-9_.]{0,63}$/.test(value) ? value : undefined;
}

// Entra ID's AADSTS numbers that a connection test meets, in words an administrator can act on.
const AADSTS_SENTENCES: Record<string, string> = {
  AADSTS65001: 'The app has no admin consent in this tenant. Grant admin consent in Entra ID.',
  AADSTS7000215: 'The client secret is wrong. Copy the secret value (not its ID) from the app registration.',
  AADSTS7000222: 'The client secret has expired. Create a new secret in the app registration.',
  AADSTS700016: 'No app with this client ID exists in the tenant. Check the client ID and that the app is consented in this tenant.',
  AADSTS90002: 'No tenant with this ID exists. Check the tenant ID.',
  AADSTS900023: 'The tenant ID is not valid. Use the directory (tenant) ID or a verified domain.',
  AADSTS90014: 'The token request is incomplete. Check the client ID and secret.',
};

const CODE_SENTENCES: Record<string, string> = {
  invalid_client: 'The client credentials were refused. Check the client ID and secret.',
  unauthorized_client: 'The app is not allowed to sign in to this tenant. Check that it is consented there.',
  invalid_request: 'The sign-in request was refused. Check the tenant ID and client ID.',
  invalid_scope: 'The requested permission scope is not valid for this cloud.',
  temporarily_unavailable: 'Microsoft sign-in is temporarily unavailable. Try again in a few minutes.',
  Authorization_RequestDenied: 'The app lacks the Microsoft Graph application permissions the backup needs. Grant them and admin consent in Entra ID.',
  InvalidAuthenticationToken: 'Microsoft Graph refused the access token. Check that the Graph and sign-in URLs belong to the same cloud.',
  ResourceNotFound: 'Microsoft Graph did not find the tenant organization.',
  EndpointNotAllowed: 'This address is not an allowed Microsoft 365 endpoint.',
  NetworkError: 'The endpoint could not be reached.',
};

/**
 * What a connection test shows the person who typed the credentials: the parsed error code, the
 * AADSTS number when Entra ID gave one, and a sentence of ours. Never the remote's own text, which
 * an endpoint could fill with anything (or use to tell open ports from closed ones).
 */
export function describeGraphFailure(error: unknown): string {
  if (!(error instanceof GraphError)) return 'The connection test failed.';
  const aadsts = /\bAADSTS\d{5,7}\b/.exec(error.message)?.[0];
  const sentence =
    (aadsts && AADSTS_SENTENCES[aadsts]) ??
    CODE_SENTENCES[error.code] ??
    (error.status >= 500 ? `Microsoft answered HTTP ${error.status}. Try again later.` : `The request was refused (HTTP ${error.status}).`);
  return [error.code, aadsts, sentence].filter(Boolean).join(': ');
}

/**
 * True when Graph no longer knows a delta token (410 Gone: syncStateNotFound / resyncRequired).
 * The caller starts a new round without a token and reconciles what it already has.
 */
export function isDeltaResyncRequired(error: unknown): boolean {
  return error instanceof GraphError && error.status === 410;
}

/**
 * A call that got no HTTP answer: refused by the outbound guard (EndpointNotAllowed, never
 * retried) or lost on the network (NetworkError). The socket's own words stay in `cause` for logs.
 */
export function networkFailure(cause: unknown, method: string, url: string): GraphError {
  if (isOutboundRefusal(cause)) return new GraphError({ status: 0, code: 'EndpointNotAllowed', message: cause.message, method, url, cause });
  return new GraphError({ status: 0, code: 'NetworkError', message: `${method} ${new URL(url).host} could not be reached`, method, url, cause });
}
