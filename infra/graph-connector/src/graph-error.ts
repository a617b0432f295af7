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

  /** Builds the error from a Graph (`{ error: { code, message } }`) or identity platform (`{ error, error_description }`) answer. */
  static async fromResponse(response: Response, method: string, url: string): Promise<GraphError> {
    const text = await response.text().catch(() => '');
    let code = `HTTP${response.status}`;
    let message = text.slice(0, 500) || response.statusText || `HTTP ${response.status}`;
    try {
      const body = JSON.parse(text) as { error?: unknown; error_description?: string };
      if (body.error && typeof body.error === 'object') {
        const inner = body.error as { code?: string; message?: string };
        code = inner.code ?? code;
        message = inner.message ?? message;
      } else if (typeof body.error === 'string') {
        code = body.error;
        message = body.error_description ?? message;
      }
    } catch {
      // Not JSON (a proxy page, an empty body): keep the raw text as the message.
    }
    const requestId = response.headers.get('request-id') ?? response.headers.get('client-request-id') ?? undefined;
    return new GraphError({ status: response.status, code, message, requestId, method, url });
  }
}

/**
 * True when Graph no longer knows a delta token (410 Gone: syncStateNotFound / resyncRequired).
 * The caller starts a new round without a token and reconciles what it already has.
 */
export function isDeltaResyncRequired(error: unknown): boolean {
  return error instanceof GraphError && error.status === 410;
}
