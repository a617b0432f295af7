import { startEmulator, type Emulator } from './index';
import { requestToken } from './test/graph-session';

describe('emulator HTTP surface', () => {
  let emulator: Emulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startEmulator({ seed: 'http', size: 500, adminKey: 'k' });
    token = await fetchToken(emulator.clientSecret).then((r) => r.json()).then((b: { access_token: string }) => b.access_token);
  });
  afterAll(() => emulator.stop());

  const fetchToken = (secret: string, scope?: string) => requestToken(emulator, secret, scope);
  const graph = (path: string, init: RequestInit = {}) => fetch(`${emulator.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
  const admin = (path: string, init: RequestInit = {}) => fetch(`${emulator.adminUrl}${path}`, { ...init, headers: { 'x-emulator-key': 'k', 'content-type': 'application/json', ...(init.headers ?? {}) } });

  it('issues client-credentials tokens in the identity platform shape and rejects wrong secrets and scopes', async () => {
    const ok = await fetchToken(emulator.clientSecret);
    expect(await ok.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3599, access_token: expect.any(String) });
    const wrong = await fetchToken('wrong');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client', error_codes: [7000215] });
    const badScope = await fetchToken(emulator.clientSecret, 'User.Read');
    expect(await badScope.json()).toMatchObject({ error: 'invalid_scope' });
    const byDomain = await fetch(`${emulator.authorityUrl}/${emulator.domain}/oauth2/v2.0/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: emulator.clientId, client_secret: emulator.clientSecret, scope: 'https://graph.microsoft.com/.default' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(byDomain.status).toBe(200);
  });

  it('requires a valid bearer token on Graph calls', async () => {
    const none = await fetch(`${emulator.url}/users`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { code: 'InvalidAuthenticationToken' } });
    const forged = await fetch(`${emulator.url}/users`, { headers: { authorization: `Bearer ${token.slice(0, -2)}xx` } });
    expect(forged.status).toBe(401);
  });

  it('pages with $top and absolute nextLinks that carry $skiptoken, and applies $select', async () => {
    const first = (await (await graph('/users?$top=2&$select=displayName')).json()) as { value: Record<string, unknown>[]; '@odata.nextLink': string };
    expect(first.value).toHaveLength(2);
    expect(Object.keys(first.value[0]).sort()).toEqual(['displayName', 'id']);
    expect(first['@odata.nextLink']).toMatch(new RegExp(`^${emulator.url}/users\\?.*\\$skiptoken=`));
    expect(first['@odata.nextLink']).toContain('$select=displayName');
    const second = (await (await fetch(first['@odata.nextLink'], { headers: { authorization: `Bearer ${token}` } })).json()) as { value: { id: string }[] };
    expect(second.value[0].id).toBe(emulator.tenant.users[2].id);
  });

  it('honours Prefer: odata.maxpagesize on message delta', async () => {
    const user = emulator.tenant.users[0];
    const response = await graph(`/users/${user.id}/mailFolders/inbox/messages/delta`, { headers: { prefer: 'odata.maxpagesize=3' } });
    expect(response.headers.get('preference-applied')).toBe('odata.maxpagesize=3');
    const body = (await response.json()) as { value: unknown[]; '@odata.nextLink'?: string };
    expect(body.value).toHaveLength(3);
    expect(body['@odata.nextLink']).toContain('/messages/delta?');
  });

  it('answers drive aliases and path addressing like /drives/{id}', async () => {
    const user = emulator.tenant.users[0];
    const viaAlias = (await (await graph(`/users/${user.id}/drive/root/children`)).json()) as { value: { id: string; name: string }[] };
    const drive = (await (await graph(`/users/${user.id}/drive`)).json()) as { id: string };
    const direct = (await (await graph(`/drives/${encodeURIComponent(drive.id)}/root/children`)).json()) as { value: { id: string; name: string }[] };
    expect(viaAlias.value).toEqual(direct.value);
    const folder = direct.value.find((item) => !item.name.includes('.'))!;
    const byPath = (await (await graph(`/drives/${encodeURIComponent(drive.id)}/root:/${encodeURIComponent(folder.name)}`)).json()) as { id: string };
    expect(byPath.id).toBe(folder.id);
  });

  it('redirects content downloads to a pre-authenticated URL', async () => {
    const drive = emulator.tenant.drives[0];
    const children = (await (await graph(`/drives/${encodeURIComponent(drive.id)}/root/children`)).json()) as { value: { id: string; file?: object; size: number }[] };
    const file = children.value.find((item) => item.file)!;
    const response = await graph(`/drives/${encodeURIComponent(drive.id)}/items/${file.id}/content`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const anonymous = await fetch(response.headers.get('location')!);
    expect((await anonymous.arrayBuffer()).byteLength).toBe(file.size);
  });

  it('validates upload-session ranges as Graph does', async () => {
    const drive = emulator.tenant.drives[1];
    const session = (await (await graph(`/drives/${encodeURIComponent(drive.id)}/root:/range.bin:/createUploadSession`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { uploadUrl: string };
    const put = (range: string, body: Uint8Array<ArrayBuffer>) => fetch(session.uploadUrl, { method: 'PUT', headers: { 'content-range': range }, body });
    expect((await put('bytes 0-99/1000000', new Uint8Array(100))).status).toBe(400);
    expect((await put('bytes 10-327689/1000000', new Uint8Array(327_680))).status).toBe(416);
    const accepted = await put('bytes 0-327679/1000000', new Uint8Array(327_680));
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toMatchObject({ nextExpectedRanges: ['327680-999999'] });
    expect((await fetch(session.uploadUrl, { method: 'DELETE' })).status).toBe(204);
    expect((await put('bytes 327680-999999/1000000', new Uint8Array(672_320))).status).toBe(404);
  });

  it('filters groups to those with a team, the documented way', async () => {
    const filtered = (await (await graph(`/groups?$filter=${encodeURIComponent("resourceProvisioningOptions/Any(x:x eq 'Team')")}`)).json()) as { value: { id: string }[] };
    expect(filtered.value.map((g) => g.id)).toEqual(emulator.tenant.groups.filter((g) => g.isTeam).map((g) => g.id));
    expect(filtered.value.length).toBeLessThan(emulator.tenant.groups.length);
    expect((await graph(`/groups?$filter=${encodeURIComponent("displayName eq 'x'")}`)).status).toBe(400);
  });

  it('says clearly when a path is not emulated or a method not allowed', async () => {
    expect((await graph('/security/alerts')).status).toBe(400);
    expect((await graph('/organization', { method: 'DELETE' })).status).toBe(405);
  });

  it('drives mutation, throttling and failures through the admin endpoints', async () => {
    expect((await fetch(`${emulator.adminUrl}/info`)).status).toBe(401);
    const info = (await (await admin('/info')).json()) as { tenantId: string; clientSecret: string; items: { total: number } };
    expect(info).toMatchObject({ tenantId: emulator.tenantId, clientSecret: emulator.clientSecret });
    const mutation = (await (await admin('/mutate', { method: 'POST', body: JSON.stringify({ fraction: 0.1 }) })).json()) as { added: number; changed: number; deleted: number };
    expect(mutation.added + mutation.changed + mutation.deleted).toBeGreaterThan(0);
    expect((await admin('/mutate', { method: 'POST', body: JSON.stringify({ fraction: 3 }) })).status).toBe(400);

    await admin('/throttle', { method: 'POST', body: JSON.stringify({ count: 1, retryAfterSeconds: 4, match: '/organization' }) });
    expect((await graph('/users?$top=1')).status).toBe(200);
    const throttled = await graph('/organization');
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('4');
    expect((await graph('/organization')).status).toBe(200);

    await admin('/failure', { method: 'POST', body: JSON.stringify({ status: 503, code: 'serviceNotAvailable', every: 2 }) });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await graph('/organization')).status);
    expect(statuses).toEqual([200, 503, 200, 503]);
    await admin('/failure', { method: 'DELETE' });
    expect((await graph('/organization')).status).toBe(200);

    const user = emulator.tenant.users[0];
    const round = (await (await graph(`/users/${user.id}/mailFolders/inbox/messages/delta?$top=1000`)).json()) as { '@odata.deltaLink': string };
    expect((await fetch(round['@odata.deltaLink'], { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await admin('/expire-delta-tokens', { method: 'POST' })).status).toBe(204);
    const gone = await fetch(round['@odata.deltaLink'], { headers: { authorization: `Bearer ${token}` } });
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ error: { code: 'SyncStateNotFound' } });

    await admin('/revoke-tokens', { method: 'POST' });
    expect((await graph('/organization')).status).toBe(401);
    token = await fetchToken(emulator.clientSecret).then((r) => r.json()).then((b: { access_token: string }) => b.access_token);
  });
});
