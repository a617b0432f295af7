import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { startEmulator, type Emulator } from './index';

// Links are built from the origin each request came to (scheme + Host), and the identity platform's
// discovery documents describe that origin too.

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: Record<string, unknown>;
}

/** A request to the emulator's socket with any Host header (fetch cannot set one). */
function call(emulator: Emulator, path: string, options: { host?: string; method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const target = new URL(emulator.authorityUrl);
  const secure = target.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (secure ? httpsRequest : httpRequest)(
      {
        hostname: target.hostname,
        port: target.port,
        path,
        method: options.method ?? 'GET',
        headers: { ...(options.host ? { host: options.host } : {}), ...options.headers },
        // Trust exactly the emulator's certificate; `servername` keeps the check on the name it was made for.
        ...(secure ? { ca: emulator.certificate, servername: 'localhost' } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

async function tokenFor(emulator: Emulator): Promise<string> {
  const answer = await call(emulator, `/${emulator.tenantId}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: emulator.clientId, client_secret: emulator.clientSecret, scope: 'https://graph.microsoft.com/.default' }).toString(),
  });
  return String(answer.json.access_token);
}

describe('links from the request origin (http)', () => {
  let emulator: Emulator;
  let auth: Record<string, string>;
  const host = 'graph.emulator.test:8443';

  beforeAll(async () => {
    emulator = await startEmulator({ seed: 'origin', size: 800 });
    auth = { authorization: `Bearer ${await tokenFor(emulator)}` };
  });
  afterAll(() => emulator.stop());

  it('builds nextLink, deltaLink and @odata.context from the Host header', async () => {
    const users = await call(emulator, '/v1.0/users?$top=2', { host, headers: auth });
    expect(users.json['@odata.nextLink']).toMatch(/^http:\/\/graph\.emulator\.test:8443\/v1\.0\/users\?/);
    expect(users.json['@odata.context']).toBe('http://graph.emulator.test:8443/v1.0/$metadata#users');
    const user = emulator.tenant.users[0];
    let link = `/v1.0/users/${user.id}/mailFolders/inbox/messages/delta?$top=100`;
    for (;;) {
      const page = await call(emulator, link, { host, headers: auth });
      if (page.json['@odata.deltaLink']) {
        expect(page.json['@odata.deltaLink']).toMatch(/^http:\/\/graph\.emulator\.test:8443\/v1\.0\/users\/.+\$deltatoken=/);
        break;
      }
      link = String(page.json['@odata.nextLink']).replace(`http://${host}`, '');
    }
  });

  it('builds upload and download URLs from the Host header', async () => {
    const drive = emulator.tenant.drives[emulator.tenant.users[0].driveNo];
    const session = await call(emulator, `/v1.0/drives/${drive.id}/root:/origin/a.bin:/createUploadSession`, { host, method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
    expect(session.json.uploadUrl).toMatch(/^http:\/\/graph\.emulator\.test:8443\/_upload\//);
    const children = await call(emulator, `/v1.0/drives/${drive.id}/root/children?$top=200`, { host, headers: auth });
    const file = (children.json.value as Record<string, unknown>[]).find((item) => item.file);
    expect(file?.['@microsoft.graph.downloadUrl']).toMatch(/^http:\/\/graph\.emulator\.test:8443\/_download\//);
    const content = await call(emulator, `/v1.0/drives/${drive.id}/items/${String(file?.id)}/content`, { host, headers: auth });
    expect(content.status).toBe(302);
    expect(content.headers.location).toMatch(/^http:\/\/graph\.emulator\.test:8443\/_download\//);
  });

  it('keeps the batch caller origin in the links of each answer', async () => {
    const batch = await call(emulator, '/v1.0/$batch', {
      host,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ id: '1', method: 'GET', url: '/users?$top=1' }] }),
    });
    const [answer] = batch.json.responses as { status: number; headers: Record<string, string>; body: Record<string, unknown> }[];
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toMatch(/^application\/json/);
    expect(answer.body['@odata.nextLink']).toMatch(/^http:\/\/graph\.emulator\.test:8443\/v1\.0\/users\?/);
  });

  it('falls back to the listening address for an unusable Host header', async () => {
    const users = await call(emulator, '/v1.0/users?$top=1', { host: 'bad host/x', headers: auth });
    expect(users.json['@odata.nextLink']).toMatch(new RegExp(`^${emulator.url.replace(/\./g, '\\.')}/users\\?`));
  });
});

describe('https and the identity platform discovery documents', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await startEmulator({ seed: 'origin-tls', size: 300, tls: true });
  });
  afterAll(() => emulator.stop());

  it('serves the OpenID configuration of the tenant, by id or domain, built from the request origin', async () => {
    const origin = `https://localhost:${emulator.port}`;
    for (const tenant of [emulator.tenantId, emulator.domain]) {
      const answer = await call(emulator, `/${tenant}/v2.0/.well-known/openid-configuration`, { host: `localhost:${emulator.port}` });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({
        issuer: `${origin}/${emulator.tenantId}/v2.0`,
        authorization_endpoint: `${origin}/${emulator.tenantId}/oauth2/v2.0/authorize`,
        token_endpoint: `${origin}/${emulator.tenantId}/oauth2/v2.0/token`,
        jwks_uri: `${origin}/${emulator.tenantId}/discovery/v2.0/keys`,
        token_endpoint_auth_methods_supported: expect.arrayContaining(['client_secret_post']),
        subject_types_supported: ['pairwise'],
      });
    }
    const common = await call(emulator, '/common/v2.0/.well-known/openid-configuration', { host: `localhost:${emulator.port}` });
    expect(common.json).toMatchObject({ issuer: `${origin}/{tenantid}/v2.0`, token_endpoint: `${origin}/{tenant}/oauth2/v2.0/token` });
    const unknown = await call(emulator, '/nobody.onmicrosoft.com/v2.0/.well-known/openid-configuration');
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ error: 'invalid_tenant', error_codes: [90002] });
    const keys = await call(emulator, `/${emulator.tenantId}/discovery/v2.0/keys`);
    expect(keys.json).toEqual({ keys: [] });
  });

  it('answers instance discovery for its own host and refuses other instances', async () => {
    const host = `localhost:${emulator.port}`;
    const authorize = encodeURIComponent(`https://${host}/${emulator.tenantId}/oauth2/v2.0/authorize`);
    const answer = await call(emulator, `/common/discovery/instance?api-version=1.1&authorization_endpoint=${authorize}`, { host });
    expect(answer.json).toEqual({
      tenant_discovery_endpoint: `https://${host}/${emulator.tenantId}/v2.0/.well-known/openid-configuration`,
      'api-version': '1.1',
      metadata: [{ preferred_network: host, preferred_cache: host, aliases: [host] }],
    });
    const other = encodeURIComponent('https://login.example.com/common/oauth2/v2.0/authorize');
    const refused = await call(emulator, `/common/discovery/instance?api-version=1.1&authorization_endpoint=${other}`, { host });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: 'invalid_instance', error_codes: [50049] });
    expect(emulator.stats().discoveryRequests).toBeGreaterThanOrEqual(2);
  });

  it('gives https links over https', async () => {
    const token = await tokenFor(emulator);
    const users = await call(emulator, '/v1.0/users?$top=1', { host: `localhost:${emulator.port}`, headers: { authorization: `Bearer ${token}` } });
    expect(users.json['@odata.nextLink']).toMatch(new RegExp(`^https://localhost:${emulator.port}/v1\\.0/users\\?`));
  });
});
