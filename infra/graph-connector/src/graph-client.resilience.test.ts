import { GraphError } from './graph-error';
import { collect, emulatorWithClient } from './test/emulator-client';
import { OWN_APP_ROLES, type Emulator } from '@portal/m365-emulator';
import type { GraphClient, GraphClientOptions, ThrottleInfo } from './index';

describe('throttling, failures and tokens against the emulator', () => {
  let emulator: Emulator;
  let client: GraphClient;
  let clientFor: (extra?: Partial<GraphClientOptions>) => GraphClient;

  beforeEach(async () => {
    ({ emulator, client, clientFor } = await emulatorWithClient({ seed: 'resilience', size: 300 }));
  });
  afterEach(() => emulator.stop());

  it('waits the Retry-After interval on 429 and then succeeds', async () => {
    const throttles: ThrottleInfo[] = [];
    const throttled = clientFor({ onThrottle: (info) => throttles.push(info) });
    await throttled.getAccessToken();
    emulator.setThrottle({ count: 2, retryAfterSeconds: 1 });
    const started = Date.now();
    const users = await collect(throttled.listUsers());
    const elapsed = Date.now() - started;
    expect(users).toHaveLength(emulator.tenant.users.length);
    expect(throttles.map((t) => [t.status, t.retryAfterMs, t.attempt])).toEqual([
      [429, 1000, 1],
      [429, 1000, 2],
    ]);
    expect(elapsed).toBeGreaterThanOrEqual(1900);
    expect(emulator.stats().throttled).toBe(2);
  });

  it('honours Retry-After on 503 too', async () => {
    const waits: number[] = [];
    const fast = clientFor({ sleep: async (ms) => void waits.push(ms) });
    emulator.setThrottle({ status: 503, count: 1, retryAfterSeconds: 7 });
    await expect(fast.getUser(emulator.tenant.users[0].id)).resolves.toMatchObject({ id: emulator.tenant.users[0].id });
    expect(waits).toEqual([7000]);
  });

  it('gives up after maxRetries with a GraphError carrying status and code', async () => {
    const waits: number[] = [];
    const bounded = clientFor({ maxRetries: 3, sleep: async (ms) => void waits.push(ms) });
    await bounded.getAccessToken();
    emulator.setThrottle({ retryAfterSeconds: 2 });
    const error = await bounded.getOrganization().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphError);
    expect(error).toMatchObject({ status: 429, code: 'TooManyRequests' });
    expect(waits).toEqual([2000, 2000, 2000]);
    expect(emulator.stats().throttled).toBe(4);
  });

  it('caps a huge Retry-After at maxRetryDelayMs', async () => {
    const waits: number[] = [];
    const capped = clientFor({ maxRetryDelayMs: 5000, sleep: async (ms) => void waits.push(ms) });
    emulator.setThrottle({ count: 1, retryAfterSeconds: 3600 });
    await capped.getOrganization();
    expect(waits).toEqual([5000]);
  });

  it('surfaces a server error as GraphError without retrying it', async () => {
    emulator.setFailure({ status: 500, code: 'InternalServerError', message: 'boom', count: 1 });
    const error = await client.getOrganization().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphError);
    expect(error).toMatchObject({ status: 500, code: 'InternalServerError', message: 'boom', method: 'GET' });
    expect((error as GraphError).requestId).toBeTruthy();
    await expect(client.getOrganization()).resolves.toMatchObject({ displayName: emulator.organizationName });
  });

  it('maps a missing object to a 404 GraphError', async () => {
    await expect(client.getUser('nobody@example.com')).rejects.toMatchObject({ status: 404, code: 'Request_ResourceNotFound' });
    await expect(client.getDriveItemByPath((await client.getUserDrive(emulator.tenant.users[0].id)).id, '/no/such/file.txt')).resolves.toBeNull();
  });

  it('retries a dropped connection for reads and reports it as NetworkError when it persists', async () => {
    const waits: number[] = [];
    const retrying = clientFor({ maxRetries: 2, sleep: async (ms) => void waits.push(ms) });
    await retrying.getAccessToken();
    emulator.setFailure({ disconnect: true, count: 1 });
    await expect(retrying.getOrganization()).resolves.toBeDefined();
    emulator.setFailure({ disconnect: true });
    await expect(retrying.getOrganization()).rejects.toMatchObject({ status: 0, code: 'NetworkError' });
    emulator.setFailure(null);
    // Writes are not replayed blindly: a dropped POST could have been applied.
    emulator.setFailure({ disconnect: true, count: 1 });
    const user = emulator.tenant.users[0];
    await expect(retrying.createContact(user.id, { givenName: 'Once' })).rejects.toMatchObject({ code: 'NetworkError' });
  });

  it('caches the token and fetches a new one only when it nears expiry', async () => {
    let now = 1_000_000;
    const clocked = clientFor({ now: () => now, tokenRefreshSkewMs: 60_000 });
    const first = await clocked.getAccessToken();
    await clocked.getOrganization();
    await clocked.getOrganization();
    expect(await clocked.getAccessToken()).toBe(first);
    expect(emulator.stats().tokenRequests).toBe(1);
    now += 3599_000 - 60_000 - 1;
    expect(await clocked.getAccessToken()).toBe(first);
    now += 2;
    const second = await clocked.getAccessToken();
    expect(second).not.toBe(first);
    expect(emulator.stats().tokenRequests).toBe(2);
  });

  it('shares one token request between concurrent calls', async () => {
    await Promise.all(Array.from({ length: 5 }, () => client.getOrganization()));
    expect(emulator.stats().tokenRequests).toBe(1);
  });

  it('recovers from a revoked token by fetching a fresh one once', async () => {
    const before = await client.getAccessToken();
    emulator.revokeTokens();
    await expect(client.getOrganization()).resolves.toMatchObject({ displayName: emulator.organizationName });
    expect(await client.getAccessToken()).not.toBe(before);
    expect(emulator.stats().tokenRequests).toBe(2);
  });

  it('reports wrong credentials through testConnection and as GraphError', async () => {
    expect(await client.testConnection()).toEqual({ ok: true, organizationName: emulator.organizationName, grantedPermissions: [...OWN_APP_ROLES] });
    const wrong = clientFor({ clientSecret: 'not-the-secret' });
    const result = await wrong.testConnection();
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.errorMessage).toMatch(/^invalid_client: AADSTS7000215/);
    await expect(wrong.listUsers()[Symbol.asyncIterator]().next()).rejects.toMatchObject({ status: 401, code: 'invalid_client' });
    const unknownTenant = clientFor({ tenantId: '00000000-0000-0000-0000-000000000000' });
    await expect(unknownTenant.getAccessToken()).rejects.toMatchObject({ status: 400, code: 'invalid_request' });
    const unknownApp = clientFor({ clientId: '00000000-0000-0000-0000-000000000000' });
    expect(await unknownApp.testConnection()).toMatchObject({ ok: false });
  });

  it('works through an injected fetch (the same one a proxy or test double would supply)', async () => {
    const seen: string[] = [];
    const traced = clientFor({ fetch: (input, init) => (seen.push(`${init?.method ?? 'GET'} ${new URL(input).pathname}`), fetch(input, init)) });
    await traced.getOrganization();
    expect(seen).toEqual([`POST /${emulator.tenantId}/oauth2/v2.0/token`, 'GET /v1.0/organization']);
  });
});
