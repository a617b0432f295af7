import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface LoopbackAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * A request from the emulator to its own listening socket (`$batch` runs each request through the
 * HTTP interface). It goes to the bound address, not to the origin the client used (that name may
 * only resolve outside, through a port mapping), and carries the client's Host header so the answer's
 * links still use the client's origin. Over https the certificate is not verified: the peer is this
 * very process, on the address it bound itself.
 */
export function loopbackRequest(selfOrigin: string, host: string | undefined, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<LoopbackAnswer> {
  const target = new URL(path, selfOrigin);
  const secure = target.protocol === 'https:';
  const options = {
    method,
    hostname: target.hostname.replace(/^\[|\]$/g, ''),
    port: target.port,
    path: `${target.pathname}${target.search}`,
    headers: { ...headers, ...(host ? { host } : {}), ...(body ? { 'content-length': String(body.length) } : {}) },
    ...(secure ? { rejectUnauthorized: false } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = (secure ? httpsRequest : httpRequest)(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: flatten(res.headers), body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}
