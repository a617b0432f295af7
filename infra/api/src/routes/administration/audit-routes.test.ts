import { auditPageSchema, auditVerifySchema } from '@portal/contracts';
import type { ApiInstance } from '../../create-api';
import { recordAudit } from '../../services/audit-service';
import { build, post, signin, signinAs, type Session } from '../../test/build';

async function page(app: ApiInstance, who: Session, query = '') {
  const response = await app.inject({ method: 'GET', url: `/backend/admin/audit${query}`, headers: who.headers });
  expect(response.statusCode).toBe(200);
  return auditPageSchema.parse(response.json());
}

async function verify(app: ApiInstance, who: Session) {
  const response = await app.inject({ method: 'GET', url: '/backend/admin/audit/verify', headers: who.headers });
  expect(response.statusCode).toBe(200);
  return auditVerifySchema.parse(response.json());
}

describe('audit log', () => {
  it('records sign-ins and failures, scoped to the subtree, with filters, paging and CSV', async () => {
    const app = await build();
    await app.inject({ method: 'POST', url: '/backend/api/signin', payload: { username: 'customer', password: 'wrong-password' } });
    const { customer, partner, directpartner, admin } = await signinAs(app, ['customer', 'partner', 'directpartner', 'admin']);

    const own = await page(app, customer);
    expect(own.entries.map((e) => e.action)).toEqual(['signin.success', 'signin.failure']);
    expect(own.entries[0]).toMatchObject({ actorName: 'customer', target: 'customer', organisationName: expect.any(String) });

    // The partner sees its customer's events, the direct partner does not.
    const partnerView = await page(app, partner, '?action=signin.failure');
    expect(partnerView.entries.map((e) => e.actorName)).toEqual(['customer']);
    expect((await page(app, directpartner, '?search=customer')).total).toBe(0);
    expect((await page(app, admin)).total).toBe(5);
    const paged = await page(app, admin, '?pageSize=2&page=2');
    expect(paged.entries).toHaveLength(2);
    expect(paged.total).toBe(5);

    const csv = await app.inject({ method: 'GET', url: '/backend/admin/audit.csv', headers: customer.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('seq,time,actor,action,target,address,organisation');
    expect(lines).toHaveLength(3);
  });

  it('verifies the hash chain and detects a changed or deleted entry', async () => {
    const app = await build();
    const admin = await signin(app, 'admin');
    await signin(app, 'partner');
    await signin(app, 'customer');
    expect(await verify(app, admin)).toEqual({ valid: true, checked: 3, brokenAtSeq: null, brokenSeqs: [], brokenCount: 0 });
    // Only the provider checks the whole chain.
    const partner = await signin(app, 'partner');
    expect((await app.inject({ method: 'GET', url: '/backend/admin/audit/verify', headers: partner.headers })).statusCode).toBe(403);

    const { rows } = await app.apiDb.query<{ seq: string }>('select seq from audit_log order by seq');
    const second = Number(rows[1].seq);
    await app.apiDb.query("update audit_log set actor_name = 'someone-else' where seq = $1", [second]);
    expect(await verify(app, admin)).toMatchObject({ valid: false, brokenAtSeq: second });

    await app.apiDb.query("update audit_log set actor_name = 'partner' where seq = $1", [second]);
    expect((await verify(app, admin)).valid).toBe(true);
    await app.apiDb.query('delete from audit_log where seq = $1', [second]);
    expect(await verify(app, admin)).toMatchObject({ valid: false, brokenAtSeq: Number(rows[2].seq) });
  });

  it('reports every broken entry and goes on checking after the first', async () => {
    const app = await build();
    for (const username of ['admin', 'partner', 'customer', 'directpartner', 'directcustomer']) await signin(app, username);
    const admin = await signin(app, 'admin');
    const seqs = (await app.apiDb.query<{ seq: string }>('select seq from audit_log order by seq')).rows.map((row) => Number(row.seq));
    await app.apiDb.query("update audit_log set actor_name = 'someone-else' where seq = any($1::bigint[])", [[seqs[1], seqs[3]]]);
    expect(await verify(app, admin)).toEqual({ valid: false, checked: seqs.length, brokenAtSeq: seqs[1], brokenSeqs: [seqs[1], seqs[3]], brokenCount: 2 });
  });

  it('keeps the chain verifiable when an entry holds text the database stores differently', async () => {
    const app = await build();
    // A lone surrogate is stored as U+FFFD and a NUL is refused: the entry must be hashed as stored.
    const rejected = await app.inject({ method: 'POST', url: '/backend/api/signin', payload: { username: '\uD800abc', password: 'x' } });
    expect(rejected.statusCode).toBe(400);
    const { rows } = await app.apiDb.query<{ id: string }>('select id from organisations where parent_id is null');
    await recordAudit(app.apiDb, { organisationId: rows[0].id, actorName: '\uD800abc', action: 'test.event', target: 'a\u0000b', detail: { ['k\uDC00']: ['\uD83D', 'ok \u{1F600}'] } });
    const stored = await app.apiDb.query<{ actor_name: string; target: string; detail: unknown }>("select actor_name, target, detail from audit_log where action = 'test.event'");
    expect(stored.rows).toEqual([{ actor_name: '\uFFFDabc', target: 'a\uFFFDb', detail: { 'k\uFFFD': ['\uFFFD', 'ok \u{1F600}'] } }]);
    await signin(app, 'partner');
    const admin = await signin(app, 'admin');
    expect(await verify(app, admin)).toMatchObject({ valid: true, brokenAtSeq: null, brokenCount: 0 });

    // Later tampering is still seen.
    await app.apiDb.query("update audit_log set actor_name = 'someone-else' where action = 'signin.success' and actor_name = 'partner'");
    expect(await verify(app, admin)).toMatchObject({ valid: false, brokenCount: 1 });
  });

  it('records password changes and MFA outcomes', async () => {
    const app = await build();
    const customer = await signin(app, 'customer');
    const changed = await post(app, 'api/change/password', { userId: customer.userId, currentPassword: 'Portal#2026', password: 'Sunny#Harbour42' }, customer.headers);
    expect(changed.statusCode).toBe(200);
    const mfa = await signin(app, 'mfauser');
    await app.inject({ method: 'POST', url: '/backend/api/validate/otp', headers: mfa.headers, payload: { userId: mfa.userId, otp: '000000' } });
    const admin = await signin(app, 'admin');
    expect((await page(app, admin, '?action=password.changed')).entries).toEqual([expect.objectContaining({ actorName: 'customer' })]);
    expect((await page(app, admin, '?action=mfa.failure')).entries).toEqual([expect.objectContaining({ actorName: 'mfauser' })]);
  });

  it('records organisation and user changes', async () => {
    const app = await build();
    const partner = await signin(app, 'partner');
    await app.inject({ method: 'POST', url: '/backend/admin/organisations', headers: partner.headers, payload: { name: 'Audit Co', kind: 'CUSTOMER' } });
    const actions = (await page(app, partner, '?action=organisation.created')).entries;
    expect(actions).toEqual([expect.objectContaining({ actorName: 'partner', target: 'Audit Co', organisationName: 'Audit Co' })]);
  });
});
