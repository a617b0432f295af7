import crypto from 'node:crypto';
import { roleSchema, type Role } from '@portal/contracts';

export interface AccessClaims {
  sub: string;
  sid: string;
  role: Role;
  iat: number;
  exp: number;
}

export class TokenError extends Error {
  constructor(
    message: string,
    readonly reason: 'malformed' | 'algorithm' | 'signature' | 'expired' | 'claims',
  ) {
    super(message);
  }
}

// Only HS256 is accepted: a token that names any other algorithm (including "none") is refused
// before its signature is even looked at.
const ALLOWED_ALGORITHMS = new Set(['HS256']);

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function hmac(secret: string, data: string): Buffer {
  return crypto.createHmac('sha256', secret).update(data).digest();
}

export function signAccessToken(claims: AccessClaims, secret: string): string {
  const head = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${head}.${hmac(secret, head).toString('base64url')}`;
}

function decodeJson(part: string): Record<string, unknown> {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) throw new TokenError('Malformed token', 'malformed');
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch {
    throw new TokenError('Malformed token', 'malformed');
  }
}

export function verifyAccessToken(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): AccessClaims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenError('Malformed token', 'malformed');
  const [headerPart, payloadPart, signaturePart] = parts;
  const header = decodeJson(headerPart);
  if (typeof header.alg !== 'string' || !ALLOWED_ALGORITHMS.has(header.alg)) {
    throw new TokenError('Unsupported token algorithm', 'algorithm');
  }
  if (!/^[A-Za-z0-9_-]+$/.test(signaturePart)) throw new TokenError('Invalid token signature', 'signature');
  const expected = hmac(secret, `${headerPart}.${payloadPart}`);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    throw new TokenError('Invalid token signature', 'signature');
  }
  const payload = decodeJson(payloadPart);
  const role = roleSchema.safeParse(payload.role);
  if (
    typeof payload.sub !== 'string' ||
    typeof payload.sid !== 'string' ||
    !role.success ||
    typeof payload.iat !== 'number' ||
    typeof payload.exp !== 'number'
  ) {
    throw new TokenError('Invalid token claims', 'claims');
  }
  if (payload.exp <= nowSeconds) throw new TokenError('Token expired', 'expired');
  return { sub: payload.sub, sid: payload.sid, role: role.data, iat: payload.iat, exp: payload.exp };
}
