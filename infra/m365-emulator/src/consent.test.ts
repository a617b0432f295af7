import { startEmulator, type Emulator } from './index';
import { requestToken } from './test/graph-session';

// Revoked admin consent, as Entra ID and Graph answer it: no new token (AADSTS65001), and a token
// issued before the revocation no longer opens Graph (403 Authorization_RequestDenied).

describe('emulator consent', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seed: 'consent', size: 200, adminKey: 'k' });
  });
  afterAll(() => emulator.stop());

  const fetchToken = () => requestToken(emulator);
  const organization = (token: string) => fetch(`${emulator.url}/organization`, { headers: { authorization: `Bearer ${token}` } });
  const consent = (init: RequestInit = {}) => fetch(`${emulator.adminUrl}/consent`, { ...init, headers: { 'x-emulator-key': 'k', 'content-type': 'application/json' } });

  it('refuses tokens and Graph calls while consent is revoked, through the API and over HTTP', async () => {
    const token = ((await (await fetchToken()).json()) as { access_token: string }).access_token;
    expect((await organization(token)).status).toBe(200);

    emulator.revokeConsent();
    const refused = await fetchToken();
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: string; error_description: string; error_codes: number[] };
    expect(body).toMatchObject({ error: 'invalid_grant', error_codes: [65001] });
    expect(body.error_description).toMatch(/^AADSTS65001: The user or administrator has not consented to use the application with ID/);
    const denied = await organization(token);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ error: { code: 'Authorization_RequestDenied', message: 'Insufficient privileges to complete the operation.' } });

    emulator.grantConsent();
    expect((await fetchToken()).status).toBe(200);
    expect((await organization(token)).status).toBe(200);

    // The admin endpoint does the same for out-of-process users (the demo, e2e).
    expect(await (await consent({ method: 'POST', body: JSON.stringify({ granted: false }) })).json()).toEqual({ granted: false });
    expect(await (await consent()).json()).toEqual({ granted: false });
    expect((await fetchToken()).status).toBe(400);
    expect((await consent({ method: 'POST', body: JSON.stringify({ granted: 'no' }) })).status).toBe(400);
    expect(await (await consent({ method: 'POST', body: JSON.stringify({ granted: true }) })).json()).toEqual({ granted: true });
    expect((await fetchToken()).status).toBe(200);
  });
});
