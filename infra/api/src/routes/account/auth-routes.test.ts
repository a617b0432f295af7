import { signinResponseSchema } from '@portal/contracts';
import { signAccessToken } from '../../identity/jwt';
import { build, signin, signinAs, TEST_JWT_SECRET } from '../../test/build';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decodePayload = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

describe('POST /backend/api/signin', () => {
  it('returns every login field and a signed JWT whose exp is the 12 h session end', async () => {
    const app = await build();
    const before = Math.floor(Date.now() / 1000);
    const response = await app.inject({
      method: 'POST',
      url: '/backend/api/signin',
      payload: { username: 'Admin', password: 'Portal#2026' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(signinResponseSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      role: 'ADMIN',
      mfa: false,
      email: 'admin@demo.example',
      firstName: 'Ada',
      lastName: 'Admin',
      username: 'admin',
    });
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'email', 'firstName', 'lastName', 'mfa', 'role', 'userId', 'username']);
    const [header] = body.accessToken.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodePayload(body.accessToken);
    expect(claims.sub).toBe(body.userId);
    expect(claims.role).toBe('ADMIN');
    expect(typeof claims.sid).toBe('string');
    expect(claims.exp - before).toBeGreaterThanOrEqual(12 * 3600 - 5);
    expect(claims.exp - before).toBeLessThanOrEqual(12 * 3600 + 5);
    const { rows } = await app.apiDb.query<{ expires_at: Date }>('select expires_at from sessions where id = $1', [claims.sid]);
    expect(Math.floor(new Date(rows[0].expires_at).getTime() / 1000)).toBe(claims.exp);
  });

  it('answers 401 with the same message for a wrong password and an unknown user', async () => {
    const app = await build();
    for (const payload of [
      { username: 'admin', password: 'wrong-password' },
      { username: 'nobody', password: 'Portal#2026' },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/backend/api/signin', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errorMessage: 'Invalid username or password' });
    }
  });

  it.each([
    ['missing fields', { 'content-type': 'application/json' }, '{}', 'username is a required field; password is a required field'],
    ['wrong field types', { 'content-type': 'application/json' }, '{"username":1,"password":"x"}', 'username must be a string'],
    ['malformed JSON', { 'content-type': 'application/json' }, '{"username":', 'Request body is not valid JSON'],
    ['a JSON array', { 'content-type': 'application/json' }, '[]', 'Request body must be a JSON object'],
    ['an empty body', { 'content-type': 'application/json' }, '', 'Request body must be a JSON object'],
    ['a text body', { 'content-type': 'text/plain' }, 'admin', 'Request body must be a JSON object'],
  ])('answers 400 with a readable errorMessage for %s', async (_name, headers, payload, message) => {
    const app = await build();
    const response = await app.inject({ method: 'POST', url: '/backend/api/signin', headers, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorMessage: message });
  });

  it('answers 415 with errorMessage for an unsupported content type', async () => {
    const app = await build();
    const response = await app.inject({
      method: 'POST',
      url: '/backend/api/signin',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
    expect(typeof response.json().errorMessage).toBe('string');
  });

  it('limits wrong passwords per client with a 429 errorMessage', async () => {
    const app = await build({ addressLockout: { max: 2, windowSeconds: 60 } });
    const attempt = () =>
      app.inject({ method: 'POST', url: '/backend/api/signin', payload: { username: 'admin', password: 'nope' } });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errorMessage: 'Too many attempts, please try again later' });
  });
});

describe('protected calls', () => {
  const profile = (userId: string) => `/backend/api/users/${userId}/profile`;

  it('answers 401 without a token, with a bad token, with alg none, a foreign algorithm, or an expired token', async () => {
    const app = await build();
    const admin = await signin(app, 'admin');
    const claims = decodePayload(admin.accessToken);
    const [header, payload, signature] = admin.accessToken.split('.');
    const now = Math.floor(Date.now() / 1000);
    const tokens: (string | undefined)[] = [
      undefined,
      'not-a-jwt',
      `${header}.${payload}.${signature.slice(0, -2)}AA`,
      `${header}.${b64({ ...claims, role: 'ADMIN', sub: claims.sub, exp: claims.exp + 3600 })}.${signature}`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
      `${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`,
      signAccessToken({ ...claims, iat: now - 7200, exp: now - 60 }, TEST_JWT_SECRET),
      signAccessToken(claims, 'another-secret-that-is-long-enough-0123456789'),
    ];
    for (const token of tokens) {
      const response = await app.inject({
        method: 'GET',
        url: profile(admin.userId),
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
      expect(typeof response.json().errorMessage).toBe('string');
    }
    const ok = await app.inject({ method: 'GET', url: profile(admin.userId), headers: admin.headers });
    expect(ok.statusCode).toBe(200);
  });

  it('signs out: the old token then gets 401 and other sessions keep working', async () => {
    const app = await build();
    const first = await signin(app, 'customer');
    const second = await signin(app, 'customer');
    const out = await app.inject({ method: 'POST', url: `/backend/api/users/${first.userId}/signout`, headers: first.headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Signed out' });
    const after = await app.inject({ method: 'GET', url: profile(first.userId), headers: first.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ errorMessage: 'Session expired' });
    const other = await app.inject({ method: 'GET', url: profile(second.userId), headers: second.headers });
    expect(other.statusCode).toBe(200);
  });

  it('accepts a signout sent with a JSON content type and an empty body', async () => {
    const app = await build();
    const user = await signin(app, 'partner');
    const out = await app.inject({
      method: 'POST',
      url: `/backend/api/users/${user.userId}/signout`,
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(out.statusCode).toBe(200);
  });

  it("answers 404 when signing out someone else's id and leaves that session alone", async () => {
    const app = await build();
    const { admin, customer } = await signinAs(app, ['admin', 'customer']);
    const out = await app.inject({ method: 'POST', url: `/backend/api/users/${customer.userId}/signout`, headers: admin.headers });
    expect(out.statusCode).toBe(404);
    expect(out.json()).toEqual({ errorMessage: 'Not found' });
    const still = await app.inject({ method: 'GET', url: profile(customer.userId), headers: customer.headers });
    expect(still.statusCode).toBe(200);
  });

  it('expires a session idle for more than 30 minutes and refreshes last_seen_at on use', async () => {
    const app = await build();
    const user = await signin(app, 'directcustomer');
    const sid = decodePayload(user.accessToken).sid;

    await app.apiDb.query("update sessions set last_seen_at = now() - interval '29 minutes' where id = $1", [sid]);
    expect((await app.inject({ method: 'GET', url: profile(user.userId), headers: user.headers })).statusCode).toBe(200);
    const { rows } = await app.apiDb.query<{ idle: boolean }>(
      "select last_seen_at > now() - interval '1 minute' as idle from sessions where id = $1",
      [sid],
    );
    expect(rows[0].idle).toBe(true);

    await app.apiDb.query("update sessions set last_seen_at = now() - interval '31 minutes' where id = $1", [sid]);
    const expired = await app.inject({ method: 'GET', url: profile(user.userId), headers: user.headers });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ errorMessage: 'Session expired' });
  });

  it('rejects a session past its absolute lifetime even with a token that is still valid', async () => {
    const app = await build();
    const user = await signin(app, 'partner');
    const sid = decodePayload(user.accessToken).sid;
    await app.apiDb.query("update sessions set expires_at = now() - interval '1 second' where id = $1", [sid]);
    const response = await app.inject({ method: 'GET', url: profile(user.userId), headers: user.headers });
    expect(response.statusCode).toBe(401);
  });

  it('keeps a session with pending MFA out of protected routes', async () => {
    const app = await build();
    await app.apiDb.query("update users set mfa_method = 'email' where username = 'partner'");
    const response = await app.inject({
      method: 'POST',
      url: '/backend/api/signin',
      payload: { username: 'partner', password: 'Portal#2026' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.mfa).toBe(true);
    const blocked = await app.inject({
      method: 'GET',
      url: profile(body.userId),
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(blocked.statusCode).toBe(401);
  });
});
