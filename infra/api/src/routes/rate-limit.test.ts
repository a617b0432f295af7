import Fastify, { type FastifyInstance } from 'fastify';
import { apiPlugin } from '../api-plugin';
import { build, post, signin, TEST_JWT_SECRET, TEST_REDIS_PREFIX, TEST_REDIS_URL } from '../test/build';
import type { ApiInstance } from '../create-api';
import { ACCOUNT_LOCKOUT_DEFAULT, ADDRESS_LOCKOUT_DEFAULT, RATE_LIMIT_DEFAULTS } from '../plugins/rate-limits';

const LIMIT = { max: 2, timeWindow: '1 minute' };
const TOO_MANY = { errorMessage: 'Too many attempts, please try again later' };
const PASSWORD = 'Portal#2026';

async function expectLimited(send: () => Promise<{ statusCode: number; json: () => unknown }>, max = LIMIT.max) {
  for (let i = 0; i < max; i += 1) expect((await send()).statusCode).not.toBe(429);
  const limited = await send();
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual(TOO_MANY);
}

describe('per-address rate limits', () => {
  it('has the documented defaults', () => {
    expect(RATE_LIMIT_DEFAULTS).toEqual({
      availableUsername: { max: 60, timeWindow: '1 minute' },
      availableEmail: { max: 60, timeWindow: '1 minute' },
      register: { max: 20, timeWindow: '1 hour' },
      forgot: { max: 10, timeWindow: '1 hour' },
      validateResetOtp: { max: 30, timeWindow: '1 hour' },
      resetPassword: { max: 30, timeWindow: '1 hour' },
      validateOtp: { max: 30, timeWindow: '15 minutes' },
      mfaResend: { max: 5, timeWindow: '15 minutes' },
    });
    expect(ACCOUNT_LOCKOUT_DEFAULT).toEqual({ max: 100, windowSeconds: 3600 });
    expect(ADDRESS_LOCKOUT_DEFAULT).toEqual({ max: 20, windowSeconds: 60 });
  });

  it('limits the public account endpoints per address with 429 errorMessage', async () => {
    const app = await build({
      rateLimits: {
        availableUsername: LIMIT,
        availableEmail: LIMIT,
        register: LIMIT,
        forgot: LIMIT,
        validateResetOtp: LIMIT,
        resetPassword: LIMIT,
      },
      forgotMinDurationMs: 0,
    });
    await expectLimited(() => post(app, 'api/available/username', { username: 'someone' }));
    await expectLimited(() => post(app, 'api/available/email', { email: 'someone@example.com' }));
    await expectLimited(() => post(app, 'api/register', { username: 'x' }));
    await expectLimited(() => post(app, 'api/forgot', { email: 'someone@example.com' }));
    await expectLimited(() => post(app, 'api/validate/reset/otp', { email: 'someone@example.com', otp: '123456' }));
    await expectLimited(() => post(app, 'api/reset/password', { email: 'someone@example.com', otp: '123456', password: 'Copper#Lantern58' }));
    // Another address has its own counter.
    const elsewhere = await app.inject({ method: 'POST', url: '/backend/api/forgot', payload: { email: 'a@b.co' }, remoteAddress: '10.0.0.9' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('limits MFA resends and code checks per address', async () => {
    const app = await build({ rateLimits: { mfaResend: LIMIT, validateOtp: { max: 3, timeWindow: '1 minute' } } });
    const response = await post(app, 'api/signin', { username: 'mfauser', password: 'Portal#2026' });
    const { userId, accessToken } = response.json();
    const headers = { authorization: `Bearer ${accessToken}` };
    await expectLimited(() => post(app, 'api/mfa/resend', { userId }, headers));
    await expectLimited(() => post(app, 'api/validate/otp', { userId, otp: '000000' }, headers), 3);
  });
});

describe('failed sign-ins per account', () => {
  async function seedFailures(app: ApiInstance, username: string, count: number, age = '0 minutes') {
    await app.apiDb.query(
      `insert into failed_signins (username_key, ip, at) select $1, '203.0.113.7', now() - $3::interval from generate_series(1, $2)`,
      [username, count, age],
    );
  }

  it('answers 429 after 100 failures within the hour, for real and unknown accounts alike', async () => {
    const app = await build({ addressLockout: false });
    await seedFailures(app, 'admin', 99);
    await seedFailures(app, 'ghost', 99);
    // The 100th failure is still a plain 401...
    expect((await post(app, 'api/signin', { username: 'admin', password: 'Wrong#Pass11' })).statusCode).toBe(401);
    expect((await post(app, 'api/signin', { username: 'ghost', password: 'Wrong#Pass11' })).statusCode).toBe(401);
    // ...and from then on even the right password is refused, with the same answer for both names.
    const real = await post(app, 'api/signin', { username: 'ADMIN', password: 'Portal#2026' });
    const unknown = await post(app, 'api/signin', { username: 'ghost', password: 'Portal#2026' });
    expect(real.statusCode).toBe(429);
    expect(real.json()).toEqual(TOO_MANY);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.body).toBe(real.body);
    // Other accounts are not affected.
    await signin(app, 'partner');
  });

  it('forgets failures older than an hour and clears them on success', async () => {
    const app = await build({ addressLockout: false });
    await seedFailures(app, 'admin', 150, '61 minutes');
    await seedFailures(app, 'admin', 50);
    await signin(app, 'admin');
    const { rows } = await app.apiDb.query<{ n: number }>("select count(*)::int as n from failed_signins where username_key = 'admin'");
    expect(rows[0].n).toBe(0);
  });

  it('takes its numbers from the plugin options', async () => {
    const app = await build({ addressLockout: false, accountLockout: { max: 2, windowSeconds: 60 } });
    await post(app, 'api/signin', { username: 'admin', password: 'Wrong#Pass11' });
    await post(app, 'api/signin', { username: 'admin', password: 'Wrong#Pass11' });
    expect((await post(app, 'api/signin', { username: 'admin', password: 'Portal#2026' })).statusCode).toBe(429);
  });
});

describe('wrong passwords per address', () => {
  const signinFrom = (app: FastifyInstance, remoteAddress: string, username: string, password: string) =>
    app.inject({ method: 'POST', url: '/backend/api/signin', payload: { username, password }, remoteAddress });
  const failFrom = async (app: FastifyInstance, remoteAddress: string, count: number) => {
    // A different name each time, so the per-account lockout plays no part.
    for (let i = 0; i < count; i += 1) expect((await signinFrom(app, remoteAddress, `guess${i}`, 'Wrong#Pass11')).statusCode).toBe(401);
  };

  it('lets one office address sign in 30 times a minute: successful sign-ins are not counted', async () => {
    const app = await build();
    for (let i = 0; i < 30; i += 1) expect((await signinFrom(app, '198.51.100.20', 'customer', PASSWORD)).statusCode).toBe(200);
  });

  it('answers 429 after 20 wrong passwords from one address, even for a right one, until the minute has passed', async () => {
    const app = await build();
    await failFrom(app, '198.51.100.21', ADDRESS_LOCKOUT_DEFAULT.max);
    const limited = await signinFrom(app, '198.51.100.21', 'customer', PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY);
    // Refused sign-ins are not audited as attempts and do not count: still exactly 20 failures.
    const { rows } = await app.apiDb.query<{ n: number }>("select count(*)::int as n from failed_signins where ip = '198.51.100.21'");
    expect(rows[0].n).toBe(ADDRESS_LOCKOUT_DEFAULT.max);
    // Another address is not affected, nor is the account.
    expect((await signinFrom(app, '198.51.100.22', 'customer', PASSWORD)).statusCode).toBe(200);
    await app.apiDb.query(`update failed_signins set at = now() - interval '61 seconds' where ip = '198.51.100.21'`);
    expect((await signinFrom(app, '198.51.100.21', 'customer', PASSWORD)).statusCode).toBe(200);
  });

  it('is shared by every API server on the same database', async () => {
    const first = await build({ addressLockout: { max: 2, windowSeconds: 60 } });
    const second = Fastify();
    await second.register(apiPlugin, { db: first.apiDb, jwtSecret: TEST_JWT_SECRET, version: 'test', addressLockout: { max: 2, windowSeconds: 60 }, prefix: '/backend' });
    try {
      await failFrom(first, '198.51.100.23', 1);
      await failFrom(second, '198.51.100.23', 1);
      expect((await signinFrom(first, '198.51.100.23', 'customer', PASSWORD)).statusCode).toBe(429);
      expect((await signinFrom(second, '198.51.100.23', 'customer', PASSWORD)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

(TEST_REDIS_URL ? describe : describe.skip)('rate limits in Redis (REDIS_URL)', () => {
  it('keeps the counters in Redis under the configured prefix, shared by two API processes', async () => {
    const Redis = (await import('ioredis')).default;
    const namespace = `${TEST_REDIS_PREFIX}shared:`;
    const first = await build({ rateLimits: { forgot: LIMIT }, rateLimitNamespace: namespace, forgotMinDurationMs: 0 });
    const second = await build({ rateLimits: { forgot: LIMIT }, rateLimitNamespace: namespace, forgotMinDurationMs: 0 });
    expect((await post(first, 'api/forgot', { email: 'a@b.co' })).statusCode).toBe(200);
    expect((await post(second, 'api/forgot', { email: 'a@b.co' })).statusCode).toBe(200);
    const limited = await post(first, 'api/forgot', { email: 'a@b.co' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY);
    const redis = new Redis(TEST_REDIS_URL!);
    try {
      const keys = await redis.keys(`${namespace}*`);
      expect(keys.some((key) => key.includes('/backend/api/forgot'))).toBe(true);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });
});
