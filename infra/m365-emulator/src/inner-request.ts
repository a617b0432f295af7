import type { IncomingMessage, ServerResponse } from 'node:http';
import { inject } from 'light-my-request';

// A `$batch`'s requests go through the emulator's own HTTP handling (routes, auth, throttling, faults),
// exactly as if each had come alone, but in process: light-my-request hands the handler a request and
// a response without a socket. Sent over the emulator's own listening socket instead, each one cost a
// second round of HTTP writing and parsing on the emulator's one thread, and over TLS a connection
// whose certificate could not be checked.

export interface InnerRequest {
  method: string;
  /** From the root: `/v1.0/users?$top=1`. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface InnerAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Answers `request` through `handle`; rejects when the handler ends the response unanswered (a disconnect fault). */
export async function innerRequest(handle: (req: IncomingMessage, res: ServerResponse) => void, request: InnerRequest): Promise<InnerAnswer> {
  const response = await inject(handle, { method: request.method as 'GET', url: request.path, headers: request.headers, payload: request.body, remoteAddress: '127.0.0.1' });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  return { status: response.statusCode, headers, body: response.rawPayload };
}
