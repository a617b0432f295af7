import { ACCOUNT_SETTINGS_MESSAGES as M, whitelabelResponseSchema } from '@portal/contracts';
import { build, latestCode, mailsTo, post, signin, signinAs, type ApiInstance } from '../../test/build';
import { imageBody, PNG_1X1, SVG } from '../../test/images';

type Caller = Awaited<ReturnType<typeof signin>>;
const url = (userId: string) => `/backend/api/users/${userId}/whitelabel`;

const settings = (overrides: object = {}) => ({
  copyrightText: '© 2026 Demo Partner Backup',
  whiteLabelEmail: 'backup@partner.example',
  whitelabelImageUrl: 'https://cdn.partner.example/logo.png',
  presetColor: 'theme3',
  ...overrides,
});

const get = async (app: ApiInstance, caller: Caller) => app.inject({ method: 'GET', url: url(caller.userId), headers: caller.headers });
const put = async (app: ApiInstance, caller: Caller, body: object, target = caller.userId) =>
  app.inject({ method: 'PUT', url: url(target), headers: caller.headers, payload: body });

describe('white-label settings and their inheritance', () => {
  it('starts with the product default for everyone', async () => {
    const app = await build();
    const customer = await signin(app, 'customer');
    const response = await get(app, customer);
    expect(response.statusCode).toBe(200);
    expect(whitelabelResponseSchema.parse(response.json())).toEqual({
      copyrightText: null,
      whitelabelImageUrl: null,
      whiteLabelEmail: null,
      presetColor: null,
      sourceOrganisationName: null,
      inherited: false,
      canEdit: false,
      own: null,
      sender: null,
    });
  });

  it("a partner's branding reaches its own users and its customers' users, not another partner's customers", async () => {
    const app = await build();
    const partner = await signin(app, 'partner');
    const saved = await put(app, partner, settings());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...settings(), inherited: false, canEdit: true, sourceOrganisationName: 'Demo Partner', own: settings() });

    const customer = await signin(app, 'customer');
    expect((await get(app, customer)).json()).toMatchObject({ ...settings(), inherited: true, sourceOrganisationName: 'Demo Partner', own: null });
    const other = await signin(app, 'customer2');
    expect((await get(app, other)).json()).toMatchObject({ copyrightText: null, whitelabelImageUrl: null, sourceOrganisationName: null });
    const direct = await signin(app, 'directcustomer');
    expect((await get(app, direct)).json()).toMatchObject({ copyrightText: null });
  });

  it("the provider's branding applies to everyone without their own; the nearest owner wins", async () => {
    const app = await build();
    const { admin, partner } = await signinAs(app, ['admin', 'partner']);
    await put(app, admin, settings({ copyrightText: '© Provider', whiteLabelEmail: '', whitelabelImageUrl: '', presetColor: 'default' }));
    await put(app, partner, settings());
    const seen = async (username: string) => (await get(app, await signin(app, username))).json().copyrightText;
    expect(await seen('customer')).toBe('© 2026 Demo Partner Backup');
    expect(await seen('customer2')).toBe('© Provider');
    expect(await seen('partner2')).toBe('© Provider');
    expect(await seen('directcustomer')).toBe('© Provider');
    expect(await seen('directpartner')).toBe('© Provider');
    // The provider's own view: empty fields are null, 'default' colour is no colour.
    expect((await get(app, admin)).json()).toMatchObject({ whiteLabelEmail: null, whitelabelImageUrl: null, presetColor: null, inherited: false });
  });

  it('refuses other roles with 403 and another partner with 404, reading or writing', async () => {
    const app = await build();
    const customer = await signin(app, 'customer');
    const refused = await put(app, customer, settings());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorMessage: 'Forbidden' });
    const upload = await app.inject({ method: 'PUT', url: `${url(customer.userId)}/image`, headers: customer.headers, payload: imageBody(PNG_1X1) });
    expect(upload.statusCode).toBe(403);

    const { partner, partner2 } = await signinAs(app, ['partner', 'partner2']);
    await put(app, partner2, settings({ copyrightText: 'Second' }));
    const read = await get(app, { ...partner, userId: partner2.userId });
    expect(read.statusCode).toBe(404);
    const write = await put(app, partner, settings({ copyrightText: 'Hijacked' }), partner2.userId);
    expect(write.statusCode).toBe(404);
    expect((await get(app, partner2)).json().copyrightText).toBe('Second');

    // Nor can a partner commit another partner's pending logo upload.
    const pending = await app.inject({ method: 'PUT', url: `${url(partner2.userId)}/image`, headers: partner2.headers, payload: imageBody(PNG_1X1) });
    const stolen = await app.inject({
      method: 'POST',
      url: `/backend/api/users/${partner.userId}/commit/whitelabel/image`,
      headers: partner.headers,
      payload: { uploadId: pending.json().uploadId },
    });
    expect(stolen.statusCode).toBe(404);
    expect((await get(app, partner)).json().whitelabelImageUrl).toBeNull();
  });

  it.each([
    [{ whitelabelImageUrl: 'javascript:alert(1)' }, M.logoUrlScheme],
    [{ whitelabelImageUrl: ' JaVaScRiPt:alert(1)' }, M.logoUrlScheme],
    [{ whitelabelImageUrl: 'data:image/png;base64,iVBORw0KGgo=' }, M.logoUrlScheme],
    [{ whitelabelImageUrl: 'https://cdn.example.com/logo.svg' }, M.imageSvg],
    [{ whitelabelImageUrl: 'http://cdn.example.com/logo.png' }, M.logoUrlHttps],
    [{ whitelabelImageUrl: 'https://user:pw@cdn.example.com/logo.png' }, M.logoUrlCredentials],
    [{ whitelabelImageUrl: 'https://127.0.0.1/logo.png' }, M.logoUrlHost],
    [{ whitelabelImageUrl: `/backend/media/${'a'.repeat(64)}.png` }, M.logoUrlInvalid],
    [{ copyrightText: 'x'.repeat(201) }, M.copyrightTooLong],
    [{ copyrightText: 'line\nbreak' }, M.copyrightControl],
    [{ whiteLabelEmail: 'not an address' }, 'must be a valid email'],
    [{ presetColor: 'hotpink' }, M.presetInvalid],
  ])('refuses %j with "%s"', async (change, message) => {
    const app = await build();
    const partner = await signin(app, 'partner');
    const response = await put(app, partner, settings(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toContain(message);
  });

  it('keeps copyright text as typed (plain text, markup is just characters)', async () => {
    const app = await build();
    const partner = await signin(app, 'partner');
    const text = '<b>Acme</b> & Co © 2026';
    expect((await put(app, partner, settings({ copyrightText: text }))).json().copyrightText).toBe(text);
  });

  it('uploads a logo in two steps; the customer then sees the served image', async () => {
    const app = await build();
    const partner = await signin(app, 'partner');
    const svg = await app.inject({ method: 'PUT', url: `${url(partner.userId)}/image`, headers: partner.headers, payload: imageBody(SVG, 'logo.png') });
    expect(svg.json()).toEqual({ errorMessage: M.imageSvg });
    const uploaded = await app.inject({ method: 'PUT', url: `${url(partner.userId)}/image`, headers: partner.headers, payload: imageBody(PNG_1X1) });
    const { uploadId, imageUrl } = uploaded.json();
    const committed = await app.inject({
      method: 'POST',
      url: `/backend/api/users/${partner.userId}/commit/whitelabel/image`,
      headers: partner.headers,
      payload: { uploadId },
    });
    expect(committed.statusCode).toBe(200);
    expect(committed.json()).toMatchObject({ whitelabelImageUrl: imageUrl, own: { whitelabelImageUrl: imageUrl } });
    // Saving the form with that media URL keeps it.
    expect((await put(app, partner, settings({ whitelabelImageUrl: imageUrl }))).json().whitelabelImageUrl).toBe(imageUrl);
    const customer = await signin(app, 'customer');
    expect((await get(app, customer)).json().whitelabelImageUrl).toBe(imageUrl);
    expect((await app.inject({ method: 'GET', url: imageUrl })).headers['content-type']).toBe('image/png');
  });

  it("mails to a partner's customers come from the verified white-label e-mail of an allowed domain, with the logo", async () => {
    const app = await build({ mailSenderDomains: ['partner.example'] });
    const partner = await signin(app, 'partner');
    await put(app, partner, settings());
    const code = await latestCode(app, 'backup@partner.example');
    const verified = await app.inject({ method: 'POST', url: `${url(partner.userId)}/sender/verify`, headers: partner.headers, payload: { code } });
    expect(verified.statusCode).toBe(200);
    await post(app, 'api/forgot', { email: 'customer@demo.example' });
    const [mail] = await mailsTo(app, 'customer@demo.example');
    expect(mail.from).toBe('Demo Partner <backup@partner.example>');
    const { rows } = await app.apiDb.query<{ reply_to: string; html: string }>(
      "select reply_to, html from email_outbox where \"to\" = 'customer@demo.example' order by sent_at desc limit 1",
    );
    expect(rows[0].reply_to).toBe('Demo Partner <backup@partner.example>');
    expect(rows[0].html).toContain('<img src="https://cdn.partner.example/logo.png"');
    // Another partner's customer still gets the default sender.
    await post(app, 'api/forgot', { email: 'customer2@demo.example' });
    const [other] = await mailsTo(app, 'customer2@demo.example');
    expect(other.from).toBe('Cloud Backup Portal <no-reply@portal.local>');
  });
});
