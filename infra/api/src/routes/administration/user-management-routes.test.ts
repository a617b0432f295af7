import { managedUserListSchema, managedUserSchema, organisationNodeSchema, organisationTreeSchema, type OrganisationTree } from '@portal/contracts';
import type { ApiInstance } from '../../create-api';
import { isUserSuspended } from '../../repositories/user-management-repository';
import { build, mailsTo, signin, signinAs } from '../../test/build';

type Session = Awaited<ReturnType<typeof signin>>;

async function tree(app: ApiInstance, who: Session): Promise<OrganisationTree> {
  const response = await app.inject({ method: 'GET', url: '/backend/admin/organisations', headers: who.headers });
  expect(response.statusCode).toBe(200);
  return organisationTreeSchema.parse(response.json());
}

const orgId = (t: OrganisationTree, name: string) => t.organisations.find((o) => o.name === name)?.id;

async function create(app: ApiInstance, who: Session, name: string, kind: string) {
  return app.inject({ method: 'POST', url: '/backend/admin/organisations', headers: who.headers, payload: { name, kind } });
}

async function invite(app: ApiInstance, who: Session, org: string, username: string) {
  return app.inject({
    method: 'POST',
    url: `/backend/admin/organisations/${org}/users`,
    headers: who.headers,
    payload: { firstName: 'Ina', lastName: 'Vite', username, email: `${username}@example.com` },
  });
}

function linkOf(text: string): { email: string; token: string } {
  const match = /\/accept-invite\?email=([^&\s]+)&token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no invitation link in: ${text}`);
  return { email: decodeURIComponent(match[1]), token: match[2] };
}

describe('user management tier rules', () => {
  it('lets each role create only its allowed kinds, directly below itself', async () => {
    const app = await build();
    const { admin, partner, directpartner, customer } = await signinAs(app, ['admin', 'partner', 'directpartner', 'customer']);

    expect((await tree(app, admin)).creatableKinds).toEqual(['PARTNER', 'DIRECTPARTNER', 'DIRECTCUSTOMER']);
    for (const kind of ['PARTNER', 'DIRECTPARTNER', 'DIRECTCUSTOMER']) expect((await create(app, admin, `New ${kind}`, kind)).statusCode).toBe(201);
    const refused = await create(app, admin, 'Nope', 'CUSTOMER');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorMessage: 'You cannot create this kind of organisation' });
    expect((await create(app, admin, 'Nope', 'PROVIDER')).statusCode).toBe(403);

    const created = await create(app, partner, 'Acme Ltd', 'CUSTOMER');
    expect(created.statusCode).toBe(201);
    const node = organisationNodeSchema.parse(created.json());
    expect(node).toMatchObject({ name: 'Acme Ltd', kind: 'CUSTOMER', suspended: false, userCount: 0, seats: 0, manageable: true });
    const partnerTree = await tree(app, partner);
    expect(node.parentId).toBe(partnerTree.rootId);
    for (const kind of ['PARTNER', 'DIRECTPARTNER', 'DIRECTCUSTOMER']) expect((await create(app, partner, 'X', kind)).statusCode).toBe(403);
    expect((await create(app, directpartner, 'Direct Co', 'CUSTOMER')).statusCode).toBe(201);

    // Customers manage no organisations at all.
    expect((await app.inject({ method: 'GET', url: '/backend/admin/organisations', headers: customer.headers })).statusCode).toBe(403);
    expect((await create(app, customer, 'X', 'CUSTOMER')).statusCode).toBe(403);

    const blank = await create(app, partner, '   ', 'CUSTOMER');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errorMessage).toBe('Name is a required field');
  });

  it('keeps tenants apart: another subtree answers 404', async () => {
    const app = await build();
    const { admin, partner, directpartner } = await signinAs(app, ['admin', 'partner', 'directpartner']);
    const all = await tree(app, admin);
    const partnerTree = await tree(app, partner);
    // The partner sees itself and its customers, nothing of the direct partner or the provider.
    expect(partnerTree.organisations.map((o) => o.kind).sort()).toEqual(['CUSTOMER', 'PARTNER']);
    expect(partnerTree.organisations.find((o) => o.id === partnerTree.rootId)?.manageable).toBe(false);
    expect(all.organisations.length).toBeGreaterThan(partnerTree.organisations.length);

    const partnerCustomer = partnerTree.organisations.find((o) => o.kind === 'CUSTOMER')!.id;
    for (const [method, url, payload] of [
      ['GET', `/backend/admin/organisations/${partnerCustomer}/users`, undefined],
      ['PATCH', `/backend/admin/organisations/${partnerCustomer}`, { suspended: true }],
      ['DELETE', `/backend/admin/organisations/${partnerCustomer}`, undefined],
      ['POST', `/backend/admin/organisations/${partnerCustomer}/users`, { firstName: 'A', lastName: 'B', username: 'abc', email: 'abc@example.com' }],
    ] as const) {
      const response = await app.inject({ method, url, headers: directpartner.headers, payload });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errorMessage: 'Not found' });
    }
    const users = managedUserListSchema.parse(
      (await app.inject({ method: 'GET', url: `/backend/admin/organisations/${partnerCustomer}/users`, headers: partner.headers })).json(),
    );
    const customerUser = users.users.find((u) => u.username === 'customer')!;
    const foreign = await app.inject({ method: 'PATCH', url: `/backend/admin/users/${customerUser.id}`, headers: directpartner.headers, payload: { suspended: true } });
    expect(foreign.statusCode).toBe(404);
    const foreignMfa = await app.inject({ method: 'POST', url: `/backend/admin/users/${customerUser.id}/reset-mfa`, headers: directpartner.headers });
    expect(foreignMfa.statusCode).toBe(404);
    // The caller's own organisation is not editable here.
    const own = await app.inject({ method: 'PATCH', url: `/backend/admin/organisations/${partnerTree.rootId}`, headers: partner.headers, payload: { suspended: true } });
    expect(own.statusCode).toBe(400);
  });
});

describe('suspension', () => {
  it('ends every session of a suspended user at once and refuses new sign-ins until reinstated', async () => {
    const app = await build();
    const partner = await signin(app, 'partner');
    const first = await signin(app, 'customer');
    const second = await signin(app, 'customer');
    const profile = () => app.inject({ method: 'GET', url: `/backend/api/users/${first.userId}/profile`, headers: first.headers });
    const before = await profile();
    expect(before.statusCode).not.toBe(401);

    const suspended = await app.inject({ method: 'PATCH', url: `/backend/admin/users/${first.userId}`, headers: partner.headers, payload: { suspended: true } });
    expect(suspended.statusCode).toBe(200);
    expect(managedUserSchema.parse(suspended.json()).suspended).toBe(true);
    expect((await profile()).statusCode).toBe(401);
    const secondAfter = await app.inject({ method: 'GET', url: '/backend/admin/audit', headers: second.headers });
    expect(secondAfter.statusCode).toBe(401);

    const refused = await app.inject({ method: 'POST', url: '/backend/api/signin', payload: { username: 'customer', password: 'Portal#2026' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorMessage: 'This account is suspended' });

    await app.inject({ method: 'PATCH', url: `/backend/admin/users/${first.userId}`, headers: partner.headers, payload: { suspended: false } });
    await signin(app, 'customer');
  });

  it('suspending an organisation ends the sessions of everyone below it', async () => {
    const app = await build();
    const { admin, partner, customer } = await signinAs(app, ['admin', 'partner', 'customer']);
    const partnerOrg = orgId(await tree(app, admin), 'Demo Partner') ?? (await tree(app, partner)).rootId;
    const response = await app.inject({ method: 'PATCH', url: `/backend/admin/organisations/${partnerOrg}`, headers: admin.headers, payload: { suspended: true } });
    expect(response.statusCode).toBe(200);
    expect(organisationNodeSchema.parse(response.json()).suspended).toBe(true);
    for (const who of [partner, customer]) {
      expect((await app.inject({ method: 'GET', url: '/backend/admin/audit', headers: who.headers })).statusCode).toBe(401);
    }
    const refused = await app.inject({ method: 'POST', url: '/backend/api/signin', payload: { username: 'customer', password: 'Portal#2026' } });
    expect(refused.statusCode).toBe(403);
    const childSuspended = (await tree(app, admin)).organisations.filter((o) => o.suspended).map((o) => o.kind).sort();
    expect(childSuspended).toContain('CUSTOMER');
  });
});

describe('invitations', () => {
  it('a partner creates a customer and invites a user, who sets a password once with the link and signs in', async () => {
    const app = await build();
    const partner = await signin(app, 'partner');
    const org = organisationNodeSchema.parse((await create(app, partner, 'Invited Co', 'CUSTOMER')).json());
    const invited = await invite(app, partner, org.id, 'newbie');
    expect(invited.statusCode).toBe(201);
    expect(managedUserSchema.parse(invited.json())).toMatchObject({ username: 'newbie', role: 'CUSTOMER', invitePending: true, suspended: false });

    // Not usable before acceptance: the random password is known to nobody.
    expect((await app.inject({ method: 'POST', url: '/backend/api/signin', payload: { username: 'newbie', password: 'Portal#2026' } })).statusCode).toBe(401);

    const [mail] = await mailsTo(app, 'newbie@example.com');
    expect(mail.text).toContain('expires in 72 hours');
    const { email, token } = linkOf(mail.text);
    const wrong = await app.inject({ method: 'POST', url: '/backend/api/invitations/accept', payload: { email, token: 'x'.repeat(32), password: 'Sunny#Harbour42' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errorMessage: 'This invitation link is invalid or has expired' });
    const ok = await app.inject({ method: 'POST', url: '/backend/api/invitations/accept', payload: { email, token, password: 'Sunny#Harbour42' } });
    expect(ok.statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/backend/api/invitations/accept', payload: { email, token, password: 'Other#Harbour43' } });
    expect(again.statusCode).toBe(400);
    const session = await signin(app, 'newbie', 'Sunny#Harbour42');
    expect(session.role).toBe('CUSTOMER');

    const users = managedUserListSchema.parse((await app.inject({ method: 'GET', url: `/backend/admin/organisations/${org.id}/users`, headers: partner.headers })).json());
    expect(users.users).toEqual([expect.objectContaining({ username: 'newbie', invitePending: false })]);
    const duplicate = await invite(app, partner, org.id, 'newbie');
    expect(duplicate.statusCode).toBe(409);

    // An organisation with users cannot be deleted; an empty one can.
    expect((await app.inject({ method: 'DELETE', url: `/backend/admin/organisations/${org.id}`, headers: partner.headers })).statusCode).toBe(409);
    const empty = organisationNodeSchema.parse((await create(app, partner, 'Empty Co', 'CUSTOMER')).json());
    expect((await app.inject({ method: 'DELETE', url: `/backend/admin/organisations/${empty.id}`, headers: partner.headers })).statusCode).toBe(200);
    expect(orgId(await tree(app, partner), 'Empty Co')).toBeUndefined();
  });

  it('an expired invitation no longer works', async () => {
    const app = await build();
    const partner = await signin(app, 'partner');
    const org = organisationNodeSchema.parse((await create(app, partner, 'Late Co', 'CUSTOMER')).json());
    await invite(app, partner, org.id, 'latecomer');
    const { email, token } = linkOf((await mailsTo(app, 'latecomer@example.com'))[0].text);
    await app.apiDb.query("update one_time_codes set expires_at = now() - interval '1 second' where purpose = 'invite'");
    const response = await app.inject({ method: 'POST', url: '/backend/api/invitations/accept', payload: { email, token, password: 'Sunny#Harbour42' } });
    expect(response.statusCode).toBe(400);
  });

  it('resets the MFA of a user in the subtree', async () => {
    const app = await build();
    const admin = await signin(app, 'admin');
    const { rows } = await app.apiDb.query<{ id: string }>("select id from users where username = 'mfauser'");
    const response = await app.inject({ method: 'POST', url: `/backend/admin/users/${rows[0].id}/reset-mfa`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(managedUserSchema.parse(response.json()).mfa).toBe(false);
    const session = await signin(app, 'mfauser');
    expect(session).toMatchObject({ mfa: false });
  });
});

describe('own account and own organisation', () => {
  it('refuses every status change of the caller itself with a 400 errorMessage, and changes nothing', async () => {
    const app = await build();
    const admin = await signin(app, 'admin');
    const own = (await tree(app, admin)).rootId;
    const self = `/backend/admin/users/${admin.userId}`;
    for (const [method, url, payload, message] of [
      ['PATCH', self, { suspended: true }, 'You cannot change your own account here'],
      ['POST', `${self}/reset-mfa`, undefined, 'You cannot change your own account here'],
      ['PUT', `${self}/access`, { access: 'read-only' }, 'You cannot change your own access'],
      ['PATCH', `/backend/admin/organisations/${own}`, { suspended: true }, 'You cannot change your own organisation here'],
      ['DELETE', `/backend/admin/organisations/${own}`, undefined, 'You cannot change your own organisation here'],
    ] as const) {
      const response = await app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
      expect({ method, url, status: response.statusCode, body: response.json() }).toEqual({ method, url, status: 400, body: { errorMessage: message } });
    }
    expect(await isUserSuspended(app.apiDb, admin.userId)).toBe(false);
    const profile = await app.inject({ method: 'GET', url: `/backend/api/users/${admin.userId}/profile`, headers: admin.headers });
    expect(profile.statusCode).toBe(200);
  });
});
