import { startEmulator, type Emulator } from './index';

// The admin consent endpoint as Learn documents it: a consent page, then a redirect to the app's
// redirect URI with admin_consent=True&tenant=&scope=&state= (or error=access_denied when declined);
// once consented, the provider's app gets client-credential tokens whose `roles` claim lists what was granted.

const provider = {
  clientId: '0a1b2c3d-0000-4000-8000-00000000c0de',
  clientSecret: 'provider~secret',
  roles: ['User.Read.All', 'Mail.ReadWrite', 'Files.ReadWrite.All'],
  displayName: 'Contoso Backup',
};
const redirectUri = 'https://portal.example/backend/api/backup/tenants/consent/callback';

describe('emulator admin consent', () => {
  let emulator: Emulator;
  beforeEach(async () => {
    emulator = await startEmulator({ seed: 'admin-consent', size: 200, providerApp: provider });
  });
  afterEach(() => emulator.stop());

  const consentUrl = (params: Record<string, string>, tenant = 'organizations') =>
    `${emulator.authorityUrl}/${tenant}/v2.0/adminconsent?${new URLSearchParams(params).toString()}`;
  const request = { client_id: provider.clientId, scope: 'https://graph.microsoft.com/.default', redirect_uri: redirectUri, state: 'st-123' };
  const answer = (decision: string, params: Record<string, string> = request) =>
    fetch(`${emulator.authorityUrl}/organizations/v2.0/adminconsent`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, decision }).toString(),
    });
  const providerToken = () =>
    fetch(`${emulator.authorityUrl}/${emulator.tenantId}/oauth2/v2.0/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: provider.clientId, client_secret: provider.clientSecret, scope: 'https://graph.microsoft.com/.default' }),
    });
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { roles: string[]; appid: string; tid: string };

  it('shows a consent page with the requested permissions and Accept and Cancel buttons', async () => {
    const page = await fetch(consentUrl(request));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Contoso Backup');
    for (const role of provider.roles) expect(html).toContain(`<li>${role}</li>`);
    expect(html).toMatch(/<button type="submit" name="decision" value="accept">Accept<\/button>/);
    expect(html).toMatch(/<button type="submit" name="decision" value="cancel">Cancel<\/button>/);
    expect(html).toContain('name="state" value="st-123"');
  });

  it('redirects with admin_consent=True, the tenant, scope and state after Accept; the app then gets tokens with its roles', async () => {
    const before = await providerToken();
    expect(before.status).toBe(400);
    expect(await before.json()).toMatchObject({ error: 'unauthorized_client', error_codes: [700016] });

    const accepted = await answer('accept');
    expect(accepted.status).toBe(302);
    const location = new URL(accepted.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(Object.fromEntries(location.searchParams)).toEqual({ admin_consent: 'True', tenant: emulator.tenantId, scope: 'https://graph.microsoft.com/.default', state: 'st-123' });
    expect(emulator.providerConsent()).toEqual(provider.roles);

    const token = ((await (await providerToken()).json()) as { access_token: string }).access_token;
    expect(claimsOf(token)).toMatchObject({ roles: provider.roles, appid: provider.clientId, tid: emulator.tenantId });
    expect((await fetch(`${emulator.url}/organization`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    // A wrong secret is still refused after consent.
    const wrong = await fetch(`${emulator.authorityUrl}/${emulator.tenantId}/oauth2/v2.0/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: provider.clientId, client_secret: 'nope', scope: 'https://graph.microsoft.com/.default' }),
    });
    expect(wrong.status).toBe(401);
  });

  it('redirects with error=access_denied after Cancel and grants nothing', async () => {
    const declined = await answer('cancel');
    expect(declined.status).toBe(302);
    const params = Object.fromEntries(new URL(declined.headers.get('location')!).searchParams);
    expect(params).toEqual({ error: 'access_denied', error_subcode: 'cancel', error_description: 'AADSTS65004: User declined to consent to access the app.', state: 'st-123' });
    expect(emulator.providerConsent()).toBeNull();
    expect((await providerToken()).status).toBe(400);
  });

  it("answers an unknown app, an unknown tenant or a bad redirect URI with an error page, never a redirect", async () => {
    for (const url of [
      consentUrl({ ...request, client_id: '99999999-9999-4999-8999-999999999999' }),
      consentUrl(request, 'contoso.onmicrosoft.example'),
      consentUrl({ ...request, redirect_uri: 'javascript:alert(1)' }),
      consentUrl({ ...request, redirect_uri: '' }),
    ]) {
      const res = await fetch(url, { redirect: 'manual' });
      expect({ url, status: res.status, location: res.headers.get('location') }).toEqual({ url, status: 400, location: null });
      expect(await res.text()).toMatch(/AADSTS(700016|90002|50011)/);
    }
  });

  it('answers a scope other than Graph /.default with error=invalid_request at the redirect URI', async () => {
    const res = await fetch(consentUrl({ ...request, scope: 'https://graph.microsoft.com/Mail.Read' }), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
  });

  it("puts the tenant app's own roles in its tokens", async () => {
    const res = await fetch(`${emulator.authorityUrl}/${emulator.tenantId}/oauth2/v2.0/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: emulator.clientId, client_secret: emulator.clientSecret, scope: 'https://graph.microsoft.com/.default' }),
    });
    const { access_token: token } = (await res.json()) as { access_token: string };
    expect(claimsOf(token).roles).toEqual(expect.arrayContaining(['Mail.ReadWrite', 'Files.ReadWrite.All', 'Sites.ReadWrite.All']));
  });
});
