import { alertListSchema } from '@portal/contracts';
import { createOutboxMailer } from '../mail/mailer';
import { defaultBrandingResolver } from '../mail/messages';
import { build, latestCode, mailsTo, post, signin, type ApiInstance } from '../test/build';
import { notifyNewAlerts } from './alert-notifier';
import { BRUTE_FORCE_THRESHOLD } from './security-alerts';

// Security alerts: brute force on an account (warning, critical at lockout, one per account and
// hour), an administrator's MFA reset and a user turning off their own MFA.

const PASSWORD = 'Portal#2026';
const LOCKOUT = { max: BRUTE_FORCE_THRESHOLD + 3, windowSeconds: 3600 };

const wrongSignIn = (app: ApiInstance, username: string, password = 'Wrong#Guess1') =>
  app.inject({ method: 'POST', url: '/backend/api/signin', payload: { username, password } });

async function securityAlerts(app: ApiInstance, viewer: string | Awaited<ReturnType<typeof signin>>) {
  const session = typeof viewer === 'string' ? await signin(app, viewer) : viewer;
  const response = await app.inject({ method: 'GET', url: '/backend/api/alerts?kind=security&status=all', headers: session.headers });
  return alertListSchema.parse(response.json()).alerts;
}

const mailPass = (app: ApiInstance) =>
  notifyNewAlerts({ db: app.apiDb, mailer: createOutboxMailer(app.apiDb), branding: defaultBrandingResolver(), log: { warn: jest.fn() } });

const idOf = async (app: ApiInstance, username: string) =>
  (await app.apiDb.query<{ id: string }>('select id from users where username = $1', [username])).rows[0].id;

describe('security alerts', () => {
  it('raises one brute-force alert after N failed sign-ins and makes it critical at lockout', async () => {
    const app = await build({ addressLockout: false, accountLockout: LOCKOUT });
    for (let i = 1; i < BRUTE_FORCE_THRESHOLD; i += 1) expect((await wrongSignIn(app, 'customer')).statusCode).toBe(401);
    expect(await securityAlerts(app, 'partner')).toEqual([]);

    expect((await wrongSignIn(app, 'customer', 'Secret#Guess99')).statusCode).toBe(401);
    const [alert, ...others] = await securityAlerts(app, 'partner');
    expect(others).toEqual([]);
    expect(alert).toMatchObject({ severity: 'warning', source: `security:bruteforce:${await idOf(app, 'customer')}`, organisationName: 'Demo Customer' });
    expect(alert.message).toContain(`${BRUTE_FORCE_THRESHOLD} wrong passwords (sign-in or password change) for account "customer"`);
    expect(alert.message).not.toContain('Secret#Guess99');
    await mailPass(app);

    // More failures keep the one alert; reaching the lockout escalates it.
    expect((await wrongSignIn(app, 'customer')).statusCode).toBe(401);
    expect((await securityAlerts(app, 'customer2')).length + (await securityAlerts(app, 'directpartner')).length).toBe(0);
    expect((await wrongSignIn(app, 'customer')).statusCode).toBe(401);
    expect((await wrongSignIn(app, 'customer')).statusCode).toBe(401);
    const escalated = await securityAlerts(app, 'partner');
    expect(escalated).toHaveLength(1);
    expect(escalated[0]).toMatchObject({ id: alert.id, severity: 'critical' });
    expect(escalated[0].message).toMatch(/locked out/);
    expect((await wrongSignIn(app, 'customer', PASSWORD)).statusCode).toBe(429);
    // Mailed when raised and again when it became critical.
    await mailPass(app);
    expect((await mailsTo(app, 'partner@demo.example')).map((m) => m.subject).sort()).toEqual(['Critical alert for Demo Customer', 'Warning alert for Demo Customer']);

    // Unknown names are counted (no enumeration) but belong to nobody: no alert.
    for (let i = 0; i < BRUTE_FORCE_THRESHOLD; i += 1) await wrongSignIn(app, 'nobody-here');
    expect(await securityAlerts(app, 'admin')).toHaveLength(1);
  });

  it('raises the brute-force alert for wrong current passwords at change-password too', async () => {
    const app = await build();
    const user = await signin(app, 'customer');
    const change = (currentPassword: string) => post(app, 'api/change/password', { userId: user.userId, currentPassword, password: 'Copper#Lantern58' }, user.headers);
    for (let i = 1; i < BRUTE_FORCE_THRESHOLD; i += 1) expect((await change('Wrong#Guess1')).statusCode).toBe(400);
    expect(await securityAlerts(app, 'partner')).toEqual([]);
    expect((await change('Secret#Guess99')).statusCode).toBe(400);
    const [alert, ...others] = await securityAlerts(app, 'partner');
    expect(others).toEqual([]);
    expect(alert).toMatchObject({ severity: 'warning', source: `security:bruteforce:${user.userId}`, organisationName: 'Demo Customer' });
    expect(alert.message).toContain(`${BRUTE_FORCE_THRESHOLD} wrong passwords (sign-in or password change) for account "customer"`);
    expect(alert.message).not.toContain('Secret#Guess99');
  });

  it('raises an alert when an administrator resets MFA and when users turn their own MFA off', async () => {
    const app = await build();
    const admin = await signin(app, 'admin');
    const mfauser = await idOf(app, 'mfauser');
    expect((await app.inject({ method: 'POST', url: `/backend/admin/users/${mfauser}/reset-mfa`, headers: admin.headers })).statusCode).toBe(200);
    const [reset] = await securityAlerts(app, 'customer');
    expect(reset).toMatchObject({ severity: 'warning', source: `security:mfa-reset:${mfauser}`, organisationName: 'Demo Customer' });
    expect(reset.message).toContain('"mfauser" was reset by admin');

    const user = await signin(app, 'directcustomer');
    const mfa = (action: string, payload: object) =>
      app.inject({ method: 'POST', url: `/backend/api/users/${user.userId}/mfa/${action}`, headers: user.headers, payload });
    await mfa('setup', { method: 'email', currentPassword: PASSWORD });
    expect((await mfa('enable', { method: 'email', currentPassword: PASSWORD, code: await latestCode(app, 'directcustomer@demo.example') })).statusCode).toBe(200);
    expect(await securityAlerts(app, user)).toEqual([]);
    await mfa('challenge', { currentPassword: PASSWORD });
    const code = await latestCode(app, 'directcustomer@demo.example');
    expect((await mfa('disable', { currentPassword: PASSWORD, code })).statusCode).toBe(200);
    const [disabled] = await securityAlerts(app, user);
    expect(disabled).toMatchObject({ severity: 'warning', source: `security:mfa-disabled:${user.userId}` });
    expect(disabled.message).not.toContain(code);
  });
});
