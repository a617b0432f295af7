import { build, latestCode, mailsTo, post, signin } from '../../test/build';
import type { ApiInstance } from '../../create-api';

const FORGOT_ANSWER = { message: 'If an account exists for this e-mail, a verification code has been sent.' };
const NEW_PASSWORD = 'Copper#Lantern58';
const TOO_MANY = { errorMessage: 'Too many attempts, please try again later' };

async function signinStatus(app: ApiInstance, username: string, password: string) {
  return (await post(app, 'api/signin', { username, password })).statusCode;
}

/** The old password no longer signs in, the new one does, and the user was told by mail (that message). */
async function expectPasswordReplaced(app: ApiInstance, username: string) {
  expect(await signinStatus(app, username, 'Portal#2026')).toBe(401);
  expect(await signinStatus(app, username, NEW_PASSWORD)).toBe(200);
  const [notice] = await mailsTo(app, `${username}@demo.example`);
  expect(notice.subject).toMatch(/password was changed/);
  return notice;
}

describe('forgotten password', () => {
  it('answers the same for an existing and an unknown e-mail, and mails a code only to the real account', async () => {
    const app = await build();
    const known = await post(app, 'api/forgot', { email: 'Partner@demo.example' });
    const unknown = await post(app, 'api/forgot', { email: 'nobody@example.com' });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual(FORGOT_ANSWER);
    expect(unknown.body).toBe(known.body);
    expect(await mailsTo(app, 'nobody@example.com')).toEqual([]);
    const [mail] = await mailsTo(app, 'partner@demo.example');
    expect(mail.subject).toMatch(/password reset code: \d{6}$/);
    expect(mail.text).toContain('expires in 10 minutes');
  });

  it('takes a similar time for existing and unknown e-mails (printed, not asserted)', async () => {
    const app = await build();
    const time = async (email: string) => {
      const started = process.hrtime.bigint();
      await post(app, 'api/forgot', { email });
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    await time('warm-up@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await time('partner@demo.example'));
      unknown.push(await time(`nobody${i}@example.com`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    console.log(`forgot timing (median of 5): existing ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`);
  });

  it('verifies the code without using it, then resets the password and ends every session', async () => {
    const app = await build();
    const session = await signin(app, 'partner');
    await post(app, 'api/forgot', { email: 'partner@demo.example' });
    const otp = await latestCode(app, 'partner@demo.example');

    const checked = await post(app, 'api/validate/reset/otp', { email: 'partner@demo.example', otp });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ message: 'Code verified' });
    expect((await post(app, 'api/validate/reset/otp', { email: 'partner@demo.example', otp })).statusCode).toBe(200);

    const reset = await post(app, 'api/reset/password', { email: 'partner@demo.example', otp, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password has been reset. Please sign in.' });

    const profile = await app.inject({ method: 'GET', url: `/backend/api/users/${session.userId}/profile`, headers: session.headers });
    expect(profile.statusCode).toBe(401);
    await expectPasswordReplaced(app, 'partner');

    const reused = await post(app, 'api/reset/password', { email: 'partner@demo.example', otp, password: 'Another#Lantern58' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ errorMessage: 'Invalid or expired code' });
  });

  it('answers 400 for a wrong code and for an unknown e-mail, and voids the code after 5 wrong tries', async () => {
    const app = await build();
    await post(app, 'api/forgot', { email: 'partner@demo.example' });
    const otp = await latestCode(app, 'partner@demo.example');
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    const unknown = await post(app, 'api/validate/reset/otp', { email: 'nobody@example.com', otp });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ errorMessage: 'Invalid or expired code' });
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push((await post(app, 'api/validate/reset/otp', { email: 'partner@demo.example', otp: wrong })).json().errorMessage);
    }
    expect(answers).toEqual([...Array(4).fill('Invalid or expired code'), 'Too many attempts. Request a new code.']);
    const late = await post(app, 'api/reset/password', { email: 'partner@demo.example', otp, password: NEW_PASSWORD });
    expect(late.json()).toEqual({ errorMessage: 'Too many attempts. Request a new code.' });
    expect(await signinStatus(app, 'partner', 'Portal#2026')).toBe(200);
  });

  it('refuses an expired code and a common or badly sized new password', async () => {
    const app = await build();
    await post(app, 'api/forgot', { email: 'partner@demo.example' });
    const otp = await latestCode(app, 'partner@demo.example');
    const common = await post(app, 'api/reset/password', { email: 'partner@demo.example', otp, password: 'Password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ errorMessage: 'This password is too common. Choose a less common password.' });
    const short = await post(app, 'api/reset/password', { email: 'partner@demo.example', otp, password: 'Ab#1' });
    expect(short.json()).toEqual({ errorMessage: 'Password must be at least 8 characters' });
    await app.apiDb.query("update one_time_codes set expires_at = now() - interval '1 second'");
    const expired = await post(app, 'api/reset/password', { email: 'partner@demo.example', otp, password: NEW_PASSWORD });
    expect(expired.json()).toEqual({ errorMessage: 'Invalid or expired code' });
  });
});

describe('POST /backend/api/change/password', () => {
  it('checks the current password, refuses the same one, and ends every session of the user', async () => {
    const app = await build();
    const user = await signin(app, 'customer');
    const other = await signin(app, 'customer');
    const change = (body: object) => post(app, 'api/change/password', { userId: user.userId, ...body }, user.headers);

    const wrong = await change({ currentPassword: 'Wrong#Pass11', password: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errorMessage: 'Current password is incorrect' });
    const same = await change({ currentPassword: 'Portal#2026', password: 'Portal#2026' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ errorMessage: 'New Password cannot be same as current password' });
    const common = await change({ currentPassword: 'Portal#2026', password: 'iloveyou123' });
    expect(common.json()).toEqual({ errorMessage: 'This password is too common. Choose a less common password.' });
    const missing = await post(app, 'api/change/password', { userId: user.userId }, user.headers);
    expect(missing.json()).toEqual({ errorMessage: 'Current Password is required; New Password is required' });

    const ok = await change({ currentPassword: 'Portal#2026', password: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password changed successfully. Please login again.' });
    for (const session of [user, other]) {
      const profile = await app.inject({ method: 'GET', url: `/backend/api/users/${session.userId}/profile`, headers: session.headers });
      expect(profile.statusCode).toBe(401);
    }
    const notice = await expectPasswordReplaced(app, 'customer');
    expect(notice.text).toContain('signed you out everywhere');
  });

  it('counts wrong current passwords toward the account lockout that sign-in uses', async () => {
    const app = await build({ accountLockout: { max: 3, windowSeconds: 3600 } });
    const user = await signin(app, 'customer');
    const change = (currentPassword: string) => post(app, 'api/change/password', { userId: user.userId, currentPassword, password: NEW_PASSWORD }, user.headers);
    for (let i = 0; i < 3; i += 1) expect((await change(`Wrong#Pass1${i}`)).statusCode).toBe(400);
    // Locked out: the right password is refused too, here and at sign-in.
    const limited = await change('Portal#2026');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY);
    expect(await signinStatus(app, 'customer', 'Portal#2026')).toBe(429);
    // Other accounts are not affected.
    expect(await signinStatus(app, 'partner', 'Portal#2026')).toBe(200);
  });

  it('limits wrong current passwords per address, together with wrong sign-ins', async () => {
    const app = await build({ addressLockout: { max: 2, windowSeconds: 60 } });
    const user = await signin(app, 'customer');
    const change = (currentPassword: string, remoteAddress = '127.0.0.1') =>
      app.inject({
        method: 'POST',
        url: '/backend/api/change/password',
        payload: { userId: user.userId, currentPassword, password: NEW_PASSWORD },
        headers: user.headers,
        remoteAddress,
      });
    expect((await change('Wrong#Pass11')).statusCode).toBe(400);
    expect((await post(app, 'api/signin', { username: 'partner', password: 'Wrong#Pass11' })).statusCode).toBe(401);
    expect((await change('Portal#2026')).statusCode).toBe(429);
    expect(await signinStatus(app, 'admin', 'Portal#2026')).toBe(429);
    // The same session from another address still has its tries.
    expect((await change('Portal#2026', '198.51.100.30')).statusCode).toBe(200);
  });

  it('answers 404 for another user id and 401 without a token', async () => {
    const app = await build();
    const user = await signin(app, 'customer');
    const admin = await signin(app, 'admin');
    const body = { userId: admin.userId, currentPassword: 'Portal#2026', password: NEW_PASSWORD };
    const response = await post(app, 'api/change/password', body, user.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorMessage: 'Not found' });
    expect((await post(app, 'api/change/password', { ...body, userId: user.userId })).statusCode).toBe(401);
    expect(await signinStatus(app, 'admin', 'Portal#2026')).toBe(200);
  });
});
