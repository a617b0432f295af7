import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BACKUP_MESSAGES } from '@portal/contracts';
import { build, signin, type ApiInstance } from '../../test/build';

// Server-side request forgery through a tenant's Graph and authority URLs: a customer must not make
// the server call loopback, private or metadata addresses, nor learn what answers there.

let requests: string[] = [];
let answer: { status: number; type: string; body: string } = { status: 200, type: 'text/plain', body: '' };
let internal: http.Server;
let origin = '';

beforeAll(async () => {
  internal = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => internal.close(resolve));
});
beforeEach(() => {
  requests = [];
});

const credentials = (graphBaseUrl: string, authorityUrl?: string) => ({
  name: 'Probe',
  tenantId: '11111111-1111-1111-1111-111111111111',
  clientId: '22222222-2222-2222-2222-222222222222',
  clientSecret: 'secret',
  graphBaseUrl,
  ...(authorityUrl ? { authorityUrl } : {}),
});

async function call(app: ApiInstance, headers: Record<string, string>, method: 'POST' | 'PATCH', url: string, payload: object) {
  const response = await app.inject({ method, url: `/backend/${url}`, headers, payload });
  return { status: response.statusCode, body: response.json() as { errorMessage?: string; ok?: boolean; failureReason?: string } };
}

describe("a tenant's Graph and authority URLs", () => {
  it('refuse loopback, private, link-local and foreign hosts before anything is called or stored', async () => {
    const app = await build({ backup: { demo: false, workers: false } });
    const { headers } = await signin(app, 'customer');
    for (const [graph, authority, message] of [
      [`${origin}/v1.0`, undefined, BACKUP_MESSAGES.graphBaseUrlNotAllowed],
      ['http://169.254.169.254/latest/meta-data', undefined, BACKUP_MESSAGES.graphBaseUrlNotAllowed],
      ['https://graph.microsoft.com.attacker.test/v1.0', undefined, BACKUP_MESSAGES.graphBaseUrlNotAllowed],
      ['http://[::1]:6379/', undefined, BACKUP_MESSAGES.graphBaseUrlNotAllowed],
      ['https://graph.microsoft.com/v1.0', origin, BACKUP_MESSAGES.authorityUrlNotAllowed],
      ['https://graph.microsoft.com/v1.0', 'http://10.0.0.1', BACKUP_MESSAGES.authorityUrlNotAllowed],
    ] as const) {
      for (const url of ['api/backup/tenants/test', 'api/backup/tenants']) {
        const response = await call(app, headers, 'POST', url, credentials(graph, authority));
        expect({ url, graph, authority, ...response }).toEqual({ url, graph, authority, status: 400, body: { errorMessage: message } });
      }
    }
    expect(requests).toEqual([]);
    const { rows } = await app.apiDb.query('select id from backup_tenants');
    expect(rows).toEqual([]);
  });

  it("refuse a stored tenant's private URL when it is used, and never echo what the endpoint said", async () => {
    const app = await build({ backup: { demo: false, workers: false } });
    const { headers } = await signin(app, 'customer');
    // A tenant row from before the guard (or written behind the API's back) pointing at loopback.
    const { rows: orgs } = await app.apiDb.query<{ organisation_id: string }>(`select organisation_id from users where username = 'customer'`);
    const { insertTenant } = await import('@portal/engine');
    const { rows: keys } = await app.apiDb.query<{ value: string }>(`select value from settings where key = 'backup_master_key'`);
    const tenant = await insertTenant(app.apiDb, keys[0].value, { organisationId: orgs[0].organisation_id, name: 'Legacy', credentials: credentials(`${origin}/v1.0`, origin) });
    const tested = await call(app, headers, 'POST', `api/backup/tenants/${tenant.id}/test`, {});
    expect(tested.body).toEqual({ ok: false, failureReason: 'EndpointNotAllowed: This address is not an allowed Microsoft 365 endpoint.' });
    const updated = await call(app, headers, 'PATCH', `api/backup/tenants/${tenant.id}`, { graphBaseUrl: `http://192.168.0.10/v1.0` });
    expect(updated).toEqual({ status: 400, body: { errorMessage: BACKUP_MESSAGES.graphBaseUrlNotAllowed } });
    expect(requests).toEqual([]);
  });

  it('show a parsed error code and our own sentence, not the raw body, even from a configured endpoint', async () => {
    const app = await build({ backup: { demo: false, workers: false, outbound: { origins: [origin], networks: ['127.0.0.1'] } } });
    const { headers } = await signin(app, 'customer');
    answer = { status: 401, type: 'application/json', body: JSON.stringify({ error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret. <internal build 4.2 at db01.corp>' }) };
    const oauth = await call(app, headers, 'POST', 'api/backup/tenants/test', credentials(`${origin}/v1.0`, origin));
    expect(oauth.body).toEqual({ ok: false, failureReason: 'invalid_client: AADSTS7000215: The client secret is wrong. Copy the secret value (not its ID) from the app registration.' });

    answer = { status: 502, type: 'text/html', body: 'SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3' };
    const banner = await call(app, headers, 'POST', 'api/backup/tenants/test', credentials(`${origin}/v1.0`, origin));
    expect(banner.body).toEqual({ ok: false, failureReason: 'HTTP502: Microsoft answered HTTP 502. Try again later.' });
    expect(requests.length).toBe(2);
  });
});
