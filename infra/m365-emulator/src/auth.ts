import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Tenant } from './tenant';

/** What a Graph access token says about its caller: the app and the application permissions granted to it. */
export interface TokenClaims {
  tid: string;
  appid: string;
  /** Graph app roles granted to the app in the tenant (Graph's `roles` claim). */
  roles: string[];
}

// Tokens are JWT-shaped (header.payload.signature) like Entra ID's, so a client can read the `roles`
// claim as it does from Microsoft's; they are HMAC-signed so the emulator checks them without storing
// them, and a revocation epoch lets tests force the "token no longer valid" path.
export class TokenAuthority {
  private readonly key = randomBytes(32);
  private epoch = 0;
  private static readonly header = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'HS256' })).toString('base64url');

  constructor(
    private readonly tenant: Tenant,
    public lifetimeSeconds: number,
  ) {}

  issue(appId: string, roles: readonly string[]): { access_token: string; expires_in: number } {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      aud: 'https://graph.microsoft.com',
      iss: `https://sts.windows.net/${this.tenant.tenantId}/`,
      iat: now,
      nbf: now,
      exp: now + this.lifetimeSeconds,
      tid: this.tenant.tenantId,
      appid: appId,
      idtyp: 'app',
      roles: [...roles],
      ep: this.epoch,
      uti: randomBytes(6).toString('hex'),
    };
    const unsigned = `${TokenAuthority.header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return { access_token: `${unsigned}.${this.sign(unsigned)}`, expires_in: this.lifetimeSeconds };
  }

  revokeAll(): void {
    this.epoch += 1;
  }

  verify(header: string | undefined): ({ ok: true } & TokenClaims) | { ok: false; message: string } {
    const token = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];
    if (!token) return { ok: false, message: 'Access token is empty.' };
    const cut = token.lastIndexOf('.');
    const unsigned = cut > 0 ? token.slice(0, cut) : '';
    const signature = token.slice(cut + 1);
    const expected = unsigned ? this.sign(unsigned) : '';
    if (!unsigned || signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
      return { ok: false, message: 'Access token validation failure. Invalid audience.' };
    }
    const claims = JSON.parse(Buffer.from(unsigned.split('.')[1] ?? '', 'base64url').toString('utf8')) as TokenClaims & { exp: number; ep: number };
    if (claims.tid !== this.tenant.tenantId) return { ok: false, message: 'Access token validation failure. Invalid audience.' };
    if (claims.ep !== this.epoch || claims.exp * 1000 <= Date.now()) return { ok: false, message: 'Lifetime validation failed, the token is expired.' };
    return { ok: true, tid: claims.tid, appid: claims.appid, roles: claims.roles };
  }

  private sign(unsigned: string): string {
    return createHmac('sha256', this.key).update(unsigned).digest('base64url');
  }
}
