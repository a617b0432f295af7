import crypto from 'node:crypto';
import { USER_ACCESS_MESSAGES, accountProfileSchema, managedUserListSchema, managedUserSchema, organisationTreeSchema } from '@portal/contracts';
import type { ApiInstance } from '../../create-api';
import { build, post, signin, signinAs, type Session } from '../../test/build';

const setAccess = (app: ApiInstance, who: Session, userId: string, access: unknown) =>
  app.inject({ method: 'PUT', url: `/backend/admin/users/${userId}/access`, headers: who.headers, payload: { access } });

const ticket = (app: ApiInstance, who: Session) =>
  app.inject({ method: 'POST', url: '/backend/support/create', headers: who.headers, payload: { userId: who.userId, subject: 'Help', description: 'Something broke' } });

// The guard answers before validation and lookup, so the tenant need not exist for the 403.
const backupSet = (app: ApiInstance, who: Session) =>
  app.inject({
    method: 'POST',
    url: '/backend/api/backup/sets',
    headers: who.headers,
    payload: {
      name: 'Mail',
      tenantId: crypto.randomUUID(),
      type: 'm365',
      scope: { mode: 'all' },
      services: ['mail'],
      schedule: { frequency: 'daily', time: '03:00', dayOfWeek: 0 },
      retention: { days: 30 },
    },
  });

const READ_ONLY = { errorMessage: USER_ACCESS_MESSAGES.readOnly };

async function rootOf(app: ApiInstance, who: Session): Promise<string> {
  return organisationTreeSchema.parse((await app.inject({ method: 'GET', url: '/backend/admin/organisations', headers: who.headers })).json()).rootId;
}

async function inviteInto(app: ApiInstance, who: Session, orgId: string, username: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/backend/admin/organisations/${orgId}/users`,
    headers: who.headers,
    payload: { firstName: 'Rea', lastName: 'Donly', username, email: `${username}@example.com` },
  });
  expect(response.statusCode).toBe(201);
  return managedUserSchema.parse(response.json()).id;
}

describe('access level within the tier', () => {
  it('a partner makes a customer user read-only: changes answer 403 at once, reading and own settings still work, and full access returns at once', async () => {
    const app = await build();
    const { partner, partner2, customer } = await signinAs(app, ['partner', 'partner2', 'customer']);

    // partner2 manages another subtree: the user does not exist for it.
    const foreign = await setAccess(app, partner2, customer.userId, 'read-only');
    expect(foreign.statusCode).toBe(404);

    const changed = await setAccess(app, partner, customer.userId, 'read-only');
    expect(changed.statusCode).toBe(200);
    // The spec role stays; only the access level changes.
    expect(managedUserSchema.parse(changed.json())).toMatchObject({ id: customer.userId, role: 'CUSTOMER', access: 'read-only' });

    // The same token, no new sign-in: the next change is refused.
    for (const response of [await backupSet(app, customer), await ticket(app, customer)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(READ_ONLY);
    }
    const sets = await app.inject({ method: 'GET', url: '/backend/api/backup/sets', headers: customer.headers });
    expect(sets.statusCode).toBe(200);
    const profile = await app.inject({ method: 'GET', url: `/backend/api/users/${customer.userId}/profile`, headers: customer.headers });
    expect(accountProfileSchema.parse(profile.json())).toMatchObject({ role: 'CUSTOMER', access: 'read-only' });

    const users = managedUserListSchema.parse(
      (await app.inject({ method: 'GET', url: `/backend/admin/organisations/${managedUserSchema.parse(changed.json()).organisationId}/users`, headers: partner.headers })).json(),
    );
    expect(users.users.find((u) => u.id === customer.userId)?.access).toBe('read-only');

    const { rows } = await app.apiDb.query<{ action: string; actor_name: string; target: string; detail: unknown }>(
      "select action, actor_name, target, detail from audit_log where action = 'user.access_changed'",
    );
    expect(rows).toEqual([{ action: 'user.access_changed', actor_name: 'partner', target: 'customer', detail: { from: 'full', to: 'read-only' } }]);

    const back = await setAccess(app, partner, customer.userId, 'full');
    expect(managedUserSchema.parse(back.json()).access).toBe('full');
    expect((await ticket(app, customer)).statusCode).toBe(201);
    expect((await backupSet(app, customer)).statusCode).not.toBe(403);
    const audited = await app.apiDb.query("select detail from audit_log where action = 'user.access_changed' order by seq");
    expect(audited.rows.map((r) => r.detail)).toEqual([
      { from: 'full', to: 'read-only' },
      { from: 'read-only', to: 'full' },
    ]);
  });

  it('a read-only user can still change their own password and sign out', async () => {
    const app = await build();
    const { partner, customer } = await signinAs(app, ['partner', 'customer']);
    expect((await setAccess(app, partner, customer.userId, 'read-only')).statusCode).toBe(200);

    const changed = await post(app, 'api/change/password', { userId: customer.userId, currentPassword: 'Portal#2026', password: 'Sunny#Harbour42' }, customer.headers);
    expect(changed.statusCode).toBe(200);
    const again = await signin(app, 'customer', 'Sunny#Harbour42');
    expect((await ticket(app, again)).json()).toEqual(READ_ONLY);
    const signout = await app.inject({ method: 'POST', url: `/backend/api/users/${again.userId}/signout`, headers: again.headers });
    expect(signout.statusCode).toBeLessThan(300);
  });

  it('nobody changes their own access; partners not those of their own organisation; ADMIN also its own organisation', async () => {
    const app = await build();
    const { admin, partner } = await signinAs(app, ['admin', 'partner']);

    for (const who of [admin, partner]) {
      const own = await setAccess(app, who, who.userId, 'read-only');
      expect(own.statusCode).toBe(400);
      expect(own.json()).toEqual({ errorMessage: USER_ACCESS_MESSAGES.ownAccess });
    }

    const colleague = await inviteInto(app, partner, await rootOf(app, partner), 'partner.colleague');
    const refused = await setAccess(app, partner, colleague, 'read-only');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorMessage: USER_ACCESS_MESSAGES.ownOrganisation });
    // ...but the tier above may.
    expect(managedUserSchema.parse((await setAccess(app, admin, colleague, 'read-only')).json()).access).toBe('read-only');

    const operator = await inviteInto(app, admin, await rootOf(app, admin), 'provider.operator');
    expect(managedUserSchema.parse((await setAccess(app, admin, operator, 'read-only')).json()).access).toBe('read-only');
    expect(managedUserSchema.parse((await setAccess(app, admin, partner.userId, 'read-only')).json()).access).toBe('read-only');

    // The read-only partner can no longer change anything in user management either.
    const customer = await app.apiDb.query<{ id: string }>("select id from users where username = 'customer'");
    expect((await setAccess(app, partner, customer.rows[0].id, 'read-only')).json()).toEqual(READ_ONLY);

    const customerSession = await signin(app, 'customer');
    expect((await setAccess(app, customerSession, partner.userId, 'full')).statusCode).toBe(403);
    const invalid = await setAccess(app, admin, partner.userId, 'owner');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errorMessage).toContain('access must be one of full, read-only');
  });
});
