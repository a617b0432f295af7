import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Tenant } from './tenant';

// Tokens are HMAC-signed so the emulator can check them without storing them; a revocation
// epoch lets tests force the "token no longer valid" path.
export class TokenAuthority {
  private readonly key = randomBytes(32);
  private epoch = 0;

  constructor(
    private readonly tenant: Tenant,
    public lifetimeSeconds: number,
  ) {}

  issue(): { access_token: string; expires_in: number } {
    const payload = Buffer.from(JSON.stringify({ tid: this.tenant.tenantId, exp: Date.now() + this.lifetimeSeconds * 1000, ep: this.epoch, n: randomBytes(6).toString('hex') })).toString('base64url');
    return { access_token: `${payload}.${this.sign(payload)}`, expires_in: this.lifetimeSeconds };
  }

  revokeAll(): void {
    this.epoch += 1;
  }

  verify(header: string | undefined): { ok: true } | { ok: false; message: string } {
    const token = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];
    if (!token) return { ok: false, message: 'Access token is empty.' };
    const [payload, signature] = token.split('.');
    const expected = payload ? this.sign(payload) : '';
    if (!signature || signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
      return { ok: false, message: 'Access token validation failure. Invalid audience.' };
    }
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { tid: string; exp: number; ep: number };
    if (claims.tid !== this.tenant.tenantId) return { ok: false, message: 'Access token validation failure. Invalid audience.' };
    if (claims.ep !== this.epoch || claims.exp <= Date.now()) return { ok: false, message: 'Lifetime validation failed, the token is expired.' };
    return { ok: true };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
