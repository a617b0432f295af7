import { ACCOUNT_SETTINGS_MESSAGES as M, NOTIFICATION_DEFAULTS } from '@portal/contracts';
import { base32Decode, hotp, totpStep } from '../../identity/totp';
import { build, latestCode, mailsTo, post, signin, signinAs, type ApiInstance } from '../../test/build';

type Caller = Awaited<ReturnType<typeof signin>>;
const PASSWORD = 'Portal#2026';
const mfa = (app: ApiInstance, caller: Caller, action: string, payload: object) =>
  app.inject({ method: 'POST', url: `/backend/api/users/${caller.userId}/mfa/${action}`, headers: caller.headers, payload });
const auditedActions = async (app: ApiInstance, userId: string) =>
  (await app.apiDb.query<{ action: string }>(`select action from audit_log where actor_id = $1 and action not like 'signin.%' order by seq`, [userId])).rows.map((r) => r.action);
const profileOf = async (app: ApiInstance, caller: Caller) =>
  (await app.inject({ method: 'GET', url: `/backend/api/users/${caller.userId}/profile`, headers: caller.headers })).json();

describe('MFA enrolment from the profile', () => {
  it('enrols an authenticator app (password + code), then sign-in asks for it; a code never works twice', async () => {
    const app = await build();
    const user = await signin(app, 'directcustomer');
    expect((await mfa(app, user, 'setup', { method: 'totp', currentPassword: 'Wrong#Pass1' })).json()).toEqual({ errorMessage: M.currentPasswordIncorrect });
    const setup = await mfa(app, user, 'setup', { method: 'totp', currentPassword: PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = setup.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const key = base32Decode(secret);

    expect((await mfa(app, user, 'enable', { method: 'totp', currentPassword: PASSWORD, code: '000000' === hotp(key, totpStep()) ? '111111' : '000000' })).json()).toEqual({
      errorMessage: M.invalidCode,
    });
    const code = hotp(key, totpStep());
    const enabled = await mfa(app, user, 'enable', { method: 'totp', currentPassword: PASSWORD, code });
    expect(enabled.json()).toEqual({ message: M.mfaEnabled, mfaMethod: 'totp' });
    expect((await profileOf(app, user)).mfaMethod).toBe('totp');
    expect((await mailsTo(app, 'directcustomer@demo.example'))[0].subject).toMatch(/turned on/);

    // Sign-in now needs the app; the code used at enrolment is spent.
    const pending = await app.inject({ method: 'POST', url: '/backend/api/signin', payload: { username: 'directcustomer', password: PASSWORD } });
    expect(pending.json()).toMatchObject({ mfa: true, mfaMethod: 'totp' });
    const reuse = await post(app, 'api/validate/otp', { userId: user.userId, otp: code }, { authorization: `Bearer ${pending.json().accessToken}` });
    expect(reuse.statusCode).toBe(400);

    // Turning it off needs the password and a fresh code.
    expect((await mfa(app, user, 'challenge', { currentPassword: PASSWORD })).json()).toEqual({ method: 'totp', message: M.mfaUseApp });
    expect((await mfa(app, user, 'disable', { currentPassword: PASSWORD, code })).json()).toEqual({ errorMessage: M.invalidCode });
    const next = hotp(key, totpStep() + 1);
    expect((await mfa(app, user, 'disable', { currentPassword: 'Wrong#Pass1', code: next })).json()).toEqual({ errorMessage: M.currentPasswordIncorrect });
    expect((await mfa(app, user, 'disable', { currentPassword: PASSWORD, code: next })).json()).toEqual({ message: M.mfaDisabled, mfaMethod: null });
    expect((await profileOf(app, user)).mfaMethod).toBeNull();
    const plain = await signin(app, 'directcustomer');
    expect(plain).toMatchObject({ mfa: false });
  });

  it('enrols and removes e-mail codes, each confirmed with a mailed code', async () => {
    const app = await build();
    const user = await signin(app, 'customer');
    const setup = await mfa(app, user, 'setup', { method: 'email', currentPassword: PASSWORD });
    expect(setup.json()).toEqual({ method: 'email', message: M.mfaEmailCodeSent });
    const code = await latestCode(app, 'customer@demo.example');
    expect((await mfa(app, user, 'enable', { method: 'email', currentPassword: PASSWORD, code: code === '123456' ? '654321' : '123456' })).statusCode).toBe(400);
    expect((await mfa(app, user, 'enable', { method: 'email', currentPassword: PASSWORD, code })).json()).toEqual({ message: M.mfaEnabled, mfaMethod: 'email' });
    expect((await mfa(app, user, 'setup', { method: 'totp', currentPassword: PASSWORD })).json()).toEqual({ errorMessage: M.mfaAlreadyOn });

    expect((await mfa(app, user, 'challenge', { currentPassword: PASSWORD })).json()).toEqual({ method: 'email', message: M.mfaEmailCodeSent });
    const off = await latestCode(app, 'customer@demo.example');
    expect((await mfa(app, user, 'disable', { currentPassword: PASSWORD, code: off })).json()).toEqual({ message: M.mfaDisabled, mfaMethod: null });
    expect((await mfa(app, user, 'disable', { currentPassword: PASSWORD, code: off })).json()).toEqual({ errorMessage: M.mfaAlreadyOff });
    // Only the changes that happened are in the activity log: not the refused code, not the repeat.
    expect(await auditedActions(app, user.userId)).toEqual(['mfa.enabled', 'mfa.disabled']);
  });

  it("answers 404 for another user's MFA and 400 for malformed input", async () => {
    const app = await build();
    const user = await signin(app, 'customer');
    const other = await signin(app, 'partner');
    const response = await app.inject({
      method: 'POST',
      url: `/backend/api/users/${other.userId}/mfa/setup`,
      headers: user.headers,
      payload: { method: 'totp', currentPassword: PASSWORD },
    });
    expect(response.statusCode).toBe(404);
    expect((await mfa(app, user, 'setup', { method: 'sms', currentPassword: PASSWORD })).json().errorMessage).toContain('method must be email or totp');
  });
});

describe('the current password as a guessing oracle', () => {
  it('counts wrong passwords at MFA changes and e-mail changes toward the sign-in lockout', async () => {
    const app = await build({ accountLockout: { max: 2, windowSeconds: 3600 } });
    const user = await signin(app, 'directcustomer');
    const { email, ...profile } = await profileOf(app, user);
    const changeEmail = (currentPassword: string) =>
      app.inject({
        method: 'PUT',
        url: `/backend/api/users/${user.userId}/profile`,
        headers: user.headers,
        payload: { firstName: profile.firstName, lastName: profile.lastName, phone: '', timeZone: '', language: '', email: 'new-address@example.com', currentPassword },
      });
    expect(email).toBe('directcustomer@demo.example');
    expect((await mfa(app, user, 'setup', { method: 'email', currentPassword: 'Wrong#Pass1' })).json()).toEqual({ errorMessage: M.currentPasswordIncorrect });
    expect((await changeEmail('Wrong#Pass2')).json()).toEqual({ errorMessage: M.currentPasswordIncorrect });
    // Locked out now: the right password is refused everywhere it is asked for.
    const TOO_MANY = { errorMessage: 'Too many attempts, please try again later' };
    expect((await mfa(app, user, 'setup', { method: 'email', currentPassword: PASSWORD })).json()).toEqual(TOO_MANY);
    expect((await changeEmail(PASSWORD)).json()).toEqual(TOO_MANY);
    expect((await post(app, 'api/signin', { username: 'directcustomer', password: PASSWORD })).statusCode).toBe(429);
    expect((await profileOf(app, user)).email).toBe('directcustomer@demo.example');
  });
});

describe('active sessions', () => {
  it('lists the live sessions with the current one marked, signs one out, then all', async () => {
    const app = await build();
    const first = await signin(app, 'partner');
    const second = await signin(app, 'partner');
    const list = await app.inject({ method: 'GET', url: `/backend/api/users/${second.userId}/sessions`, headers: second.headers });
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { id: string; current: boolean }[];
    expect(items).toHaveLength(2);
    expect(items.filter((s) => s.current)).toHaveLength(1);

    const firstId = items.find((s) => !s.current)!.id;
    const one = await app.inject({ method: 'DELETE', url: `/backend/api/users/${second.userId}/sessions/${firstId}`, headers: second.headers });
    expect(one.json()).toEqual({ message: M.sessionRevoked, revoked: 1 });
    expect((await app.inject({ method: 'GET', url: `/backend/api/users/${first.userId}/sessions`, headers: first.headers })).statusCode).toBe(401);

    // Another user's session id looks like nothing.
    const stranger = await signin(app, 'customer');
    const foreign = await app.inject({ method: 'DELETE', url: `/backend/api/users/${stranger.userId}/sessions/${items.find((s) => s.current)!.id}`, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);

    const third = await signin(app, 'partner');
    const all = await app.inject({ method: 'POST', url: `/backend/api/users/${second.userId}/sessions/revoke`, headers: second.headers });
    expect(all.json()).toEqual({ message: M.sessionsRevoked, revoked: 2 });
    expect(await auditedActions(app, second.userId)).toEqual(['session.revoked', 'sessions.revoked_all']);
    for (const session of [second, third]) {
      expect((await app.inject({ method: 'GET', url: `/backend/api/users/${session.userId}/profile`, headers: session.headers })).statusCode).toBe(401);
    }
  });
});

describe('notification settings', () => {
  const url = (caller: Caller) => `/backend/api/users/${caller.userId}/notification-settings`;

  it('has defaults, saves changes, refuses bad values and other users', async () => {
    const app = await build();
    const user = await signin(app, 'customer');
    expect((await app.inject({ method: 'GET', url: url(user), headers: user.headers })).json()).toEqual(NOTIFICATION_DEFAULTS);
    const changed = { ...NOTIFICATION_DEFAULTS, jobWarnings: false, dailySummary: true, alertSeverity: 'critical', productNews: true };
    const saved = await app.inject({ method: 'PUT', url: url(user), headers: user.headers, payload: changed });
    expect(saved.json()).toEqual(changed);
    expect((await app.inject({ method: 'GET', url: url(user), headers: user.headers })).json()).toEqual(changed);
    const bad = await app.inject({ method: 'PUT', url: url(user), headers: user.headers, payload: { ...changed, alertSeverity: 'loud' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMessage).toContain('alertSeverity must be one of off, critical, warning, info');
    const other = await signin(app, 'partner');
    expect((await app.inject({ method: 'GET', url: url(other), headers: user.headers })).statusCode).toBe(404);
  });

  it('support ticket mails honour the setting; security notices always go out', async () => {
    const app = await build();
    const { partner, customer } = await signinAs(app, ['partner', 'customer']);
    const off = { ...NOTIFICATION_DEFAULTS, supportTickets: false, jobFailures: false, jobWarnings: false, alertSeverity: 'off' };
    await app.inject({ method: 'PUT', url: url(partner), headers: partner.headers, payload: off });
    await post(app, 'support/create', { userId: customer.userId, subject: 'Muted', description: 'Nobody is told' }, customer.headers);
    expect((await mailsTo(app, 'partner@demo.example')).map((m) => m.subject).join()).not.toContain('Muted');

    await app.inject({ method: 'PUT', url: url(partner), headers: partner.headers, payload: { ...off, supportTickets: true } });
    await post(app, 'support/create', { userId: customer.userId, subject: 'Heard', description: 'Partner is told' }, customer.headers);
    expect((await mailsTo(app, 'partner@demo.example')).map((m) => m.subject).join()).toContain('Heard');

    // A password change notice is not a preference.
    await app.inject({ method: 'PUT', url: url(customer), headers: customer.headers, payload: off });
    await post(app, 'api/change/password', { userId: customer.userId, currentPassword: PASSWORD, password: 'Other#Pass9' }, customer.headers);
    expect((await mailsTo(app, 'customer@demo.example'))[0].subject).toMatch(/password was changed/);
  });
});
