import { MFA_POLICY_MESSAGES, organisationNodeSchema, organisationTreeSchema, type OrganisationTree } from '@portal/contracts';
import type { ApiInstance } from '../create-api';
import { build, latestCode, mailsTo, post, signin, signinAs } from '../test/build';

// MFA enforcement for a subtree: who may switch it, inheritance and locking, and its
// effect on sign-in and on turning MFA off.

type Session = Awaited<ReturnType<typeof signin>>;

async function tree(app: ApiInstance, who: Session): Promise<OrganisationTree> {
  const response = await app.inject({ method: 'GET', url: '/backend/admin/organisations', headers: who.headers });
  expect(response.statusCode).toBe(200);
  return organisationTreeSchema.parse(response.json());
}

const node = async (app: ApiInstance, who: Session, name: string) => (await tree(app, who)).organisations.find((o) => o.name === name)!;

const setMfa = (app: ApiInstance, who: Session, orgId: string, mfaRequired: boolean) =>
  app.inject({ method: 'PATCH', url: `/backend/admin/organisations/${orgId}`, headers: who.headers, payload: { mfaRequired } });

async function emailOf(app: ApiInstance, username: string): Promise<string> {
  const { rows } = await app.apiDb.query<{ email: string }>('select email from users where username = $1', [username]);
  return rows[0].email;
}

async function auditActions(app: ApiInstance, action: string) {
  const { rows } = await app.apiDb.query<{ actor_name: string; target: string; ip: string | null }>(
    'select actor_name, target, ip from audit_log where action = $1 order by seq',
    [action],
  );
  return rows;
}

describe('MFA required for a subtree', () => {
  it('a partner requires MFA for its customer: sign-in asks for an e-mailed code and MFA cannot be turned off', async () => {
    const app = await build();
    const partner = await signin(app, 'partner');
    const customerOrg = await node(app, partner, 'Demo Customer');
    expect(customerOrg).toMatchObject({ mfaRequired: false, mfaInherited: false });

    const switched = await setMfa(app, partner, customerOrg.id, true);
    expect(switched.statusCode).toBe(200);
    expect(organisationNodeSchema.parse(switched.json())).toMatchObject({ mfaRequired: true, mfaInherited: false });
    expect(await auditActions(app, 'organisation.mfa_required')).toEqual([{ actor_name: 'partner', target: 'Demo Customer', ip: '127.0.0.1' }]);

    // The customer had no MFA: the password now opens only a pending session and a code is mailed.
    const email = await emailOf(app, 'customer');
    const before = (await mailsTo(app, email)).length;
    const customer = await signin(app, 'customer');
    expect(customer).toMatchObject({ mfa: true, mfaMethod: 'email' });
    expect(await mailsTo(app, email)).toHaveLength(before + 1);
    const profileUrl = `/backend/api/users/${customer.userId}/profile`;
    expect((await app.inject({ method: 'GET', url: profileUrl, headers: customer.headers })).statusCode).toBe(401);
    const verified = await post(app, 'api/validate/otp', { userId: customer.userId, otp: await latestCode(app, email) }, customer.headers);
    expect(verified.statusCode).toBe(200);
    const profile = await app.inject({ method: 'GET', url: profileUrl, headers: customer.headers });
    expect(profile.json()).toMatchObject({ mfaMethod: 'email', mfaRequired: true });

    // Turning MFA off is refused before any code is mailed.
    const mailed = (await mailsTo(app, email)).length;
    const challenge = await post(app, `api/users/${customer.userId}/mfa/challenge`, { currentPassword: 'Portal#2026' }, customer.headers);
    expect(challenge.statusCode).toBe(403);
    expect(challenge.json()).toEqual({ errorMessage: MFA_POLICY_MESSAGES.requiredForAccount });
    const disable = await post(app, `api/users/${customer.userId}/mfa/disable`, { currentPassword: 'Portal#2026', code: '123456' }, customer.headers);
    expect(disable.statusCode).toBe(403);
    expect(disable.json()).toEqual({ errorMessage: MFA_POLICY_MESSAGES.requiredForAccount });
    expect(await mailsTo(app, email)).toHaveLength(mailed);

    // Users elsewhere are untouched.
    expect(await signin(app, 'customer2')).toMatchObject({ mfa: false });

    // Lifting the requirement lets the user turn MFA off again (a code is mailed for that).
    expect((await setMfa(app, partner, customerOrg.id, false)).statusCode).toBe(200);
    expect(await auditActions(app, 'organisation.mfa_not_required')).toHaveLength(1);
    expect((await post(app, `api/users/${customer.userId}/mfa/challenge`, { currentPassword: 'Portal#2026' }, customer.headers)).statusCode).toBe(200);
  });

  it('what ADMIN requires above a partner is inherited, locked for the partner, and out of reach of another partner', async () => {
    const app = await build();
    const { admin, partner, partner2 } = await signinAs(app, ['admin', 'partner', 'partner2']);
    const partnerOrg = await node(app, admin, 'Demo Partner');
    const customerOrg = await node(app, partner, 'Demo Customer');

    // Another partner cannot even see it.
    expect((await setMfa(app, partner2, customerOrg.id, true)).statusCode).toBe(404);
    // Customers manage nothing.
    const customer = await signin(app, 'customer');
    expect((await setMfa(app, customer, customerOrg.id, true)).statusCode).toBe(403);

    expect((await setMfa(app, admin, partnerOrg.id, true)).statusCode).toBe(200);
    // The partner sees its own organisation required and its customer inheriting it.
    const partnerTree = await tree(app, partner);
    expect(partnerTree.organisations.find((o) => o.id === partnerOrg.id)).toMatchObject({ mfaRequired: true, mfaInherited: false, manageable: false });
    expect(partnerTree.organisations.find((o) => o.id === customerOrg.id)).toMatchObject({ mfaRequired: false, mfaInherited: true });

    for (const orgId of [customerOrg.id, partnerOrg.id]) {
      const refused = await setMfa(app, partner, orgId, false);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ errorMessage: MFA_POLICY_MESSAGES.lockedByParent });
    }
    expect(await node(app, admin, 'Demo Partner')).toMatchObject({ mfaRequired: true });
    // The requirement reaches the partner's customers' users at sign-in.
    expect(await signin(app, 'customer')).toMatchObject({ mfa: true });

    // ADMIN lifts it where it set it; the direct partner's subtree was never affected.
    expect((await setMfa(app, admin, partnerOrg.id, false)).statusCode).toBe(200);
    expect(await node(app, partner, 'Demo Customer')).toMatchObject({ mfaInherited: false });
    expect(await signin(app, 'directcustomer')).toMatchObject({ mfa: false });
  });
});
