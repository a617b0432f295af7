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

/** Browser features the portal never uses (no camera, clipboard reading, payment, fullscreen...): no
 * page, remote or framed Grafana may ask the user for them. Writing to the clipboard is the portal's own
 * (the copy button of a secret shown once, issue 22), never a framed page's. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'clipboard-read',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .concat('clipboard-write=(self)')
  .join(', ');

/** A year, and subdomains too: the value browsers' preload rules ask for. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderSettings {
  allowedRemoteOrigins: string[];
  grafanaOrigin?: string;
  /** Only an https public URL sends HSTS: a portal reached by plain http (a laptop, a LAN) must never tell browsers to insist on https. */
  publicUrl?: URL;
}

export function registerSecurityHeaders(app: FastifyInstance, settings: SecurityHeaderSettings): void {
  const csp = contentSecurityPolicy(settings.allowedRemoteOrigins, settings.grafanaOrigin);
  const hsts = settings.publicUrl?.protocol === 'https:';
  app.addHook('onSend', async (_req, reply, payload) => {
    // A response with a stricter policy of its own (uploaded media: default-src 'none'; sandbox) keeps it.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (hsts) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    return payload;
  });
}
