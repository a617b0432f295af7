import { ACCOUNT_SETTINGS_MESSAGES, WHITELABEL_SENDER_MESSAGES, whitelabelResponseSchema } from '@portal/contracts';
import { TOO_MANY_ATTEMPTS } from '../../services/identity-service';
import { build, latestCode, mailsTo, post, signin, signinAs, type ApiInstance } from '../../test/build';

const ADDRESS = 'help@reseller.example';
const PLATFORM = 'no-reply@portal.local';

type Session = Awaited<ReturnType<typeof signin>>;

const settings = (whiteLabelEmail: string) => ({ copyrightText: '', whiteLabelEmail, whitelabelImageUrl: '', presetColor: 'default' });

async function saveAddress(app: ApiInstance, partner: Session, address: string) {
  return app.inject({ method: 'PUT', url: `/backend/api/users/${partner.userId}/whitelabel`, headers: partner.headers, payload: settings(address) });
}

async function verify(app: ApiInstance, partner: Session, code: string) {
  return app.inject({ method: 'POST', url: `/backend/api/users/${partner.userId}/whitelabel/sender/verify`, headers: partner.headers, payload: { code } });
}

/** The headers of the mail a user of the partner's customer gets next (a password reset code). */
async function customerMailHeaders(app: ApiInstance) {
  await post(app, 'api/forgot', { email: 'customer@demo.example' });
  const { rows } = await app.apiDb.query<{ from: string; reply_to: string | null }>(
    `select "from", reply_to from email_outbox where "to" = 'customer@demo.example' order by sent_at desc, id desc limit 1`,
  );
  return { from: rows[0].from, replyTo: rows[0].reply_to };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('white-label sender verification', () => {
  it('never sends from or replies to an unverified address, even in an allowed domain; the code goes to that address from the platform', async () => {
    const app = await build({ mailSenderDomains: ['reseller.example'] });
    const partner = await signin(app, 'partner');
    const saved = await saveAddress(app, partner, ADDRESS);
    expect(saved.statusCode).toBe(200);
    expect(whitelabelResponseSchema.parse(saved.json()).sender).toEqual({
      state: 'code_sent',
      address: ADDRESS,
      from: `Demo Partner <${PLATFORM}>`,
      replyTo: null,
    });
    const [codeMail] = await mailsTo(app, ADDRESS);
    expect(codeMail.from).toBe(`Demo Partner <${PLATFORM}>`);
    expect(codeMail.subject).toMatch(/^Verify your sender address for Demo Partner: \d{6}$/);

    expect(await customerMailHeaders(app)).toEqual({ from: `Demo Partner <${PLATFORM}>`, replyTo: null });
  });

  it('sends From the verified address when its domain is in MAIL_SENDER_DOMAINS', async () => {
    const app = await build({ mailSenderDomains: ['reseller.example'] });
    const partner = await signin(app, 'partner');
    await saveAddress(app, partner, ADDRESS);
    const response = await verify(app, partner, await latestCode(app, ADDRESS));
    expect(response.statusCode).toBe(200);
    expect(whitelabelResponseSchema.parse(response.json()).sender).toEqual({
      state: 'verified',
      address: ADDRESS,
      from: `Demo Partner <${ADDRESS}>`,
      replyTo: `Demo Partner <${ADDRESS}>`,
    });
    expect(await customerMailHeaders(app)).toEqual({ from: `Demo Partner <${ADDRESS}>`, replyTo: `Demo Partner <${ADDRESS}>` });
    const { rows } = await app.apiDb.query<{ action: string }>(`select action from audit_log where action like 'branding.sender%'`);
    expect(rows.map((r) => r.action)).toEqual(['branding.sender_verified']);
  });

  it('sends a verified address outside the allowed domains from the platform, under the partner name, with Reply-To the partner', async () => {
    const app = await build({ mailSenderDomains: ['other.example'] });
    const partner = await signin(app, 'partner');
    await saveAddress(app, partner, ADDRESS);
    const response = await verify(app, partner, await latestCode(app, ADDRESS));
    expect(whitelabelResponseSchema.parse(response.json()).sender).toMatchObject({ state: 'verified', from: `Demo Partner <${PLATFORM}>` });
    expect(await customerMailHeaders(app)).toEqual({ from: `Demo Partner <${PLATFORM}>`, replyTo: `Demo Partner <${ADDRESS}>` });
  });

  it('refuses a wrong code and stops after five tries, even for the right code', async () => {
    const app = await build({ mailSenderDomains: ['reseller.example'] });
    const partner = await signin(app, 'partner');
    await saveAddress(app, partner, ADDRESS);
    const code = await latestCode(app, ADDRESS);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await verify(app, partner, wrongCode(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ errorMessage: ACCOUNT_SETTINGS_MESSAGES.invalidCode });
    }
    const blocked = await verify(app, partner, code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ errorMessage: TOO_MANY_ATTEMPTS });
    expect(await customerMailHeaders(app)).toEqual({ from: `Demo Partner <${PLATFORM}>`, replyTo: null });

    // A new code starts a new count.
    const resent = await app.inject({ method: 'POST', url: `/backend/api/users/${partner.userId}/whitelabel/sender/code`, headers: partner.headers });
    expect(resent.statusCode).toBe(200);
    expect((await verify(app, partner, await latestCode(app, ADDRESS))).statusCode).toBe(200);
  });

  it('resets verification when the address changes, and a code mailed to the old address does not verify the new one', async () => {
    const app = await build({ mailSenderDomains: ['reseller.example'] });
    const partner = await signin(app, 'partner');
    await saveAddress(app, partner, ADDRESS);
    expect((await verify(app, partner, await latestCode(app, ADDRESS))).statusCode).toBe(200);

    const changed = await saveAddress(app, partner, 'billing@reseller.example');
    expect(whitelabelResponseSchema.parse(changed.json()).sender).toMatchObject({ state: 'code_sent', from: `Demo Partner <${PLATFORM}>`, replyTo: null });
    expect(await customerMailHeaders(app)).toEqual({ from: `Demo Partner <${PLATFORM}>`, replyTo: null });

    // A code mailed to an address that has since been replaced proves nothing about the new one.
    await saveAddress(app, partner, 'sales@reseller.example');
    const salesCode = await latestCode(app, 'sales@reseller.example');
    await saveAddress(app, partner, 'ops@reseller.example');
    const stale = await verify(app, partner, salesCode);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ errorMessage: ACCOUNT_SETTINGS_MESSAGES.invalidCode });

    // Saving the other fields with the same address keeps the proof.
    expect((await verify(app, partner, await latestCode(app, 'ops@reseller.example'))).statusCode).toBe(200);
    const same = await app.inject({
      method: 'PUT',
      url: `/backend/api/users/${partner.userId}/whitelabel`,
      headers: partner.headers,
      payload: { ...settings('ops@reseller.example'), copyrightText: '© Reseller' },
    });
    expect(whitelabelResponseSchema.parse(same.json()).sender).toMatchObject({ state: 'verified' });
  });

  it('refuses line breaks in the address, and asks for an address before sending a code', async () => {
    const app = await build();
    const partner = await signin(app, 'partner');
    for (const address of ['help@reseller.example\r\nBcc: victim@bank.example', 'help@reseller.example\nX: y', 'a\r@reseller.example']) {
      const response = await saveAddress(app, partner, address);
      expect(response.statusCode).toBe(400);
    }
    const noAddress = await app.inject({ method: 'POST', url: `/backend/api/users/${partner.userId}/whitelabel/sender/code`, headers: partner.headers });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json()).toEqual({ errorMessage: WHITELABEL_SENDER_MESSAGES.addressMissing });
  });

  it('is for the white-label editors only, and never for another user id', async () => {
    const app = await build();
    const { customer, partner } = await signinAs(app, ['customer', 'partner']);
    for (const [path, payload] of [['code', undefined], ['verify', { code: '123456' }]] as const) {
      const own = await app.inject({ method: 'POST', url: `/backend/api/users/${customer.userId}/whitelabel/sender/${path}`, headers: customer.headers, payload });
      expect(own.statusCode).toBe(403);
      const other = await app.inject({ method: 'POST', url: `/backend/api/users/${customer.userId}/whitelabel/sender/${path}`, headers: partner.headers, payload });
      expect(other.statusCode).toBe(404);
      const anonymous = await app.inject({ method: 'POST', url: `/backend/api/users/${partner.userId}/whitelabel/sender/${path}`, payload });
      expect(anonymous.statusCode).toBe(401);
    }
    const read = await app.inject({ method: 'GET', url: `/backend/api/users/${customer.userId}/whitelabel`, headers: customer.headers });
    expect(whitelabelResponseSchema.parse(read.json()).sender).toBeNull();
  });
});
