import type { FastifyInstance } from 'fastify';

/** Remote code runs with the portal's rights, so scripts may only come from this origin (and the
 * operator's allow-listed remote origins); inline styles are needed by Emotion. */
export function contentSecurityPolicy(allowedRemoteOrigins: string[], frameOrigin?: string): string {
  const scripts = ["'self'", ...allowedRemoteOrigins].join(' ');
  return [
    "default-src 'self'",
    // The /grafana page embeds GRAFANA_URL: its origin, and nothing else, may be framed.
    ...(frameOrigin ? [`frame-src ${frameOrigin}`] : []),
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${allowedRemoteOrigins.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, allowedRemoteOrigins: string[], frameOrigin?: string): void {
  const csp = contentSecurityPolicy(allowedRemoteOrigins, frameOrigin);
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    return payload;
  });
}
