import { enableTotpMfa } from '../../services/account-service';
import { base32Decode, hotp, totpStep } from '../../identity/totp';
import { build, latestCode, mailsTo, post, TEST_JWT_SECRET, type OutboxRow } from '../../test/build';
import type { ApiInstance } from '../../create-api';

const MFA_EMAIL = 'mfauser@demo.example';

async function mfaSignin(app: ApiInstance, username = 'mfauser') {
  const response = await post(app, 'api/signin', { username, password: 'Portal#2026' });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  return { ...body, headers: { authorization: `Bearer ${body.accessToken}` } } as {
    accessToken: string;
    userId: string;
    mfa: boolean;
    mfaMethod?: string;
    headers: Record<string, string>;
  };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in with e-mail MFA', () => {
  it('answers mfa true with the method, mails a code and keeps the token out of other routes until verified', async () => {
    const app = await build();
    const user = await mfaSignin(app);
    expect(user).toMatchObject({ mfa: true, mfaMethod: 'email', username: 'mfauser', role: 'CUSTOMER' });
    const [mail] = await mailsTo(app, MFA_EMAIL);
    expect(mail.from).toBe('Cloud Backup Portal <no-reply@portal.local>');
    expect(mail.text).toContain('expires in 10 minutes');
    const code = await latestCode(app, MFA_EMAIL);
    expect(mail.text).toContain(code);
    const { rows } = await app.apiDb.query<{ code_hash: string }>('select code_hash from one_time_codes');
    expect(JSON.stringify(rows)).not.toContain(code);

    const profileUrl = `/backend/api/users/${user.userId}/profile`;
    expect((await app.inject({ method: 'GET', url: profileUrl, headers: user.headers })).statusCode).toBe(401);
    expect((await post(app, `api/users/${user.userId}/signout`, undefined, user.headers)).statusCode).toBe(401);
    const change = await post(app, 'api/change/password', { userId: user.userId, currentPassword: 'Portal#2026', password: 'Other#Pass77' }, user.headers);
    expect(change.statusCode).toBe(401);

    const verified = await post(app, 'api/validate/otp', { userId: user.userId, otp: code }, user.headers);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Verification successful' });
    expect((await app.inject({ method: 'GET', url: profileUrl, headers: user.headers })).statusCode).toBe(200);
  });

  it('does not mail anything to users without MFA', async () => {
    const app = await build();
    await post(app, 'api/signin', { username: 'customer', password: 'Portal#2026' });
    expect(await mailsTo(app, 'customer@demo.example')).toEqual([]);
  });

  it('uses a code once only', async () => {
    const app = await build();
    const user = await mfaSignin(app);
    const code = await latestCode(app, MFA_EMAIL);
    expect((await post(app, 'api/validate/otp', { userId: user.userId, otp: code }, user.headers)).statusCode).toBe(200);
    // Put the session back into the pending state: the used code must not open it again.
    await app.apiDb.query('update sessions set mfa_pending = true');
    const again = await post(app, 'api/validate/otp', { userId: user.userId, otp: code }, user.headers);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errorMessage: 'Invalid or expired code' });
  });

  it('voids the code after 5 wrong tries', async () => {
    const app = await build();
    const user = await mfaSignin(app);
    const code = await latestCode(app, MFA_EMAIL);
    for (let i = 1; i <= 4; i += 1) {
      const wrong = await post(app, 'api/validate/otp', { userId: user.userId, otp: wrongCode(code) }, user.headers);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ errorMessage: 'Invalid or expired code' });
    }
    const fifth = await post(app, 'api/validate/otp', { userId: user.userId, otp: wrongCode(code) }, user.headers);
    expect(fifth.json()).toEqual({ errorMessage: 'Too many attempts. Request a new code.' });
    const right = await post(app, 'api/validate/otp', { userId: user.userId, otp: code }, user.headers);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ errorMessage: 'Too many attempts. Request a new code.' });

    const resent = await post(app, 'api/mfa/resend', { userId: user.userId }, user.headers);
    expect(resent.json()).toEqual({ message: 'A new code has been sent.' });
    const fresh = await latestCode(app, MFA_EMAIL);
    expect((await post(app, 'api/validate/otp', { userId: user.userId, otp: fresh }, user.headers)).statusCode).toBe(200);
  });

  it('does not count a right answer as a wrong try', async () => {
    const app = await build();
    const user = await mfaSignin(app);
    const code = await latestCode(app, MFA_EMAIL);
    for (let i = 0; i < 4; i += 1) await post(app, 'api/validate/otp', { userId: user.userId, otp: wrongCode(code) }, user.headers);
    expect((await post(app, 'api/validate/otp', { userId: user.userId, otp: code }, user.headers)).statusCode).toBe(200);
  });

  it('refuses a code older than 10 minutes', async () => {
    const app = await build();
    const user = await mfaSignin(app);
    const code = await latestCode(app, MFA_EMAIL);
    const { rows } = await app.apiDb.query<{ minutes: number }>(
      "select round(extract(epoch from expires_at - created_at) / 60)::int as minutes from one_time_codes where purpose = 'mfa'",
    );
    expect(rows[0].minutes).toBe(10);
    await app.apiDb.query("update one_time_codes set expires_at = now() - interval '1 second'");
    const response = await post(app, 'api/validate/otp', { userId: user.userId, otp: code }, user.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorMessage: 'Invalid or expired code' });
  });

  it('resends a new code that replaces the old one', async () => {
    const app = await build();
    const user = await mfaSignin(app);
    const first = await latestCode(app, MFA_EMAIL);
    const resent = await post(app, 'api/mfa/resend', { userId: user.userId }, user.headers);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: 'A new code has been sent.' });
    expect(await mailsTo(app, MFA_EMAIL)).toHaveLength(2);
    const second = await latestCode(app, MFA_EMAIL);
    if (second !== first) {
      expect((await post(app, 'api/validate/otp', { userId: user.userId, otp: first }, user.headers)).statusCode).toBe(400);
    }
    expect((await post(app, 'api/validate/otp', { userId: user.userId, otp: second }, user.headers)).statusCode).toBe(200);
  });

  it('answers 404 when the body names another user, and 401 without a token', async () => {
    const app = await build();
    const user = await mfaSignin(app);
    const code = await latestCode(app, MFA_EMAIL);
    const { rows } = await app.apiDb.query<{ id: string }>("select id from users where username = 'admin'");
    const other = await post(app, 'api/validate/otp', { userId: rows[0].id, otp: code }, user.headers);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ errorMessage: 'Not found' });
    expect((await post(app, 'api/mfa/resend', { userId: rows[0].id }, user.headers)).statusCode).toBe(404);
    expect((await post(app, 'api/validate/otp', { userId: user.userId, otp: code })).statusCode).toBe(401);
  });
});

describe('sign-in with an authenticator app (TOTP)', () => {
  it('accepts the current RFC 6238 code once, stores the secret encrypted and sends no e-mail', async () => {
    const app = await build();
    const { rows } = await app.apiDb.query<{ id: string }>("select id from users where username = 'customer'");
    const { secret, uri } = await enableTotpMfa({ db: app.apiDb, jwtSecret: TEST_JWT_SECRET }, rows[0].id);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+&issuer=/);
    const stored = await app.apiDb.query<{ totp_secret_enc: string }>('select totp_secret_enc from users where id = $1', [rows[0].id]);
    expect(stored.rows[0].totp_secret_enc).toMatch(/^v1:/);
    expect(stored.rows[0].totp_secret_enc).not.toContain(secret);

    const user = await mfaSignin(app, 'customer');
    expect(user).toMatchObject({ mfa: true, mfaMethod: 'totp' });
    expect(await mailsTo(app, 'customer@demo.example')).toEqual([]);
    const code = hotp(base32Decode(secret), totpStep());
    const ok = await post(app, 'api/validate/otp', { userId: user.userId, otp: code }, user.headers);
    expect(ok.json()).toEqual({ message: 'Verification successful' });

    // The same time step cannot be replayed on another session.
    const second = await mfaSignin(app, 'customer');
    const replay = await post(app, 'api/validate/otp', { userId: second.userId, otp: code }, second.headers);
    expect(replay.json()).toEqual({ errorMessage: 'Invalid or expired code' });
    // The previous step (clock drift) is accepted... but not once a later step was used.
    const previous = hotp(base32Decode(secret), totpStep() - 1);
    expect((await post(app, 'api/validate/otp', { userId: second.userId, otp: previous }, second.headers)).statusCode).toBe(400);
  });

  it('accepts a code from the previous step and refuses one two steps away', async () => {
    const app = await build();
    const { rows } = await app.apiDb.query<{ id: string }>("select id from users where username = 'customer'");
    const { secret } = await enableTotpMfa({ db: app.apiDb, jwtSecret: TEST_JWT_SECRET }, rows[0].id);
    const user = await mfaSignin(app, 'customer');
    const key = base32Decode(secret);
    const old = await post(app, 'api/validate/otp', { userId: user.userId, otp: hotp(key, totpStep() - 3) }, user.headers);
    expect(old.statusCode).toBe(400);
    expect((await post(app, 'api/validate/otp', { userId: user.userId, otp: hotp(key, totpStep() - 1) }, user.headers)).statusCode).toBe(200);
  });

  it('ends the pending session after 5 wrong codes', async () => {
    const app = await build();
    const { rows } = await app.apiDb.query<{ id: string }>("select id from users where username = 'customer'");
    const { secret } = await enableTotpMfa({ db: app.apiDb, jwtSecret: TEST_JWT_SECRET }, rows[0].id);
    const user = await mfaSignin(app, 'customer');
    const right = hotp(base32Decode(secret), totpStep());
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push((await post(app, 'api/validate/otp', { userId: user.userId, otp: wrongCode(right) }, user.headers)).json().errorMessage);
    }
    expect(answers).toEqual([...Array(4).fill('Invalid or expired code'), 'Too many attempts. Request a new code.']);
    expect((await post(app, 'api/validate/otp', { userId: user.userId, otp: right }, user.headers)).statusCode).toBe(401);
  });

  it('has nothing to resend for an authenticator app', async () => {
    const app = await build();
    const { rows } = await app.apiDb.query<{ id: string }>("select id from users where username = 'customer'");
    await enableTotpMfa({ db: app.apiDb, jwtSecret: TEST_JWT_SECRET }, rows[0].id);
    const user = await mfaSignin(app, 'customer');
    const response = await post(app, 'api/mfa/resend', { userId: user.userId }, user.headers);
    expect(response.statusCode).toBe(400);
    expect(typeof (response.json() as OutboxRow & { errorMessage: string }).errorMessage).toBe('string');
  });
});
