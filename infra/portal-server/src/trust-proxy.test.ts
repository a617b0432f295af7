import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { leaseDatabase } from '@portal/api/src/test/pglite-pool';
import { createPortal } from './create-portal';
import { readSettings } from './settings';
import { portalSettingsIn } from './testing/portal-folders';
import { fastifyTrustProxy, parseTrustProxy } from './trust-proxy';

// The portal runs the whole API against a seeded database: slow on a busy machine.
jest.setTimeout(120_000);

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(readSettings({}).trustProxy).toBe(false);
  });

  it('takes true, a hop count, or addresses and CIDR ranges, as Fastify does', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,fd00::/8, loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', 'fd00::/8', 'loopback']);
    expect(readSettings({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
  });

  it('hands Fastify a hop count as "trust the first n hops"', () => {
    const trust = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });

  it('fails start with a clear message for anything else', () => {
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', '10.0.0.1,', '-1', '1.5', 'proxy.local']) {
      expect(() => parseTrustProxy(bad)).toThrow(/^TRUST_PROXY must be true, false, a hop count or a comma-separated list of IP addresses or CIDR ranges/);
    }
    expect(() => readSettings({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('not an address or range: "10.0.0.0/33"');
  });
});

describe('the client address behind X-Forwarded-For', () => {
  let tmp: string;
  let app: FastifyInstance | undefined;

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-trust-proxy-'));
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  async function portal(env: NodeJS.ProcessEnv): Promise<FastifyInstance> {
    // The demo tenant's backups stay off, as jest.setup.node.cjs keeps them for every test process.
    const settings = portalSettingsIn(fs.mkdtempSync(path.join(tmp, 'case-')), { PORTAL_DEMO: '1', PORTAL_DEMO_BACKUPS: '0', ...env });
    fs.mkdirSync(settings.remotesDir, { recursive: true });
    app = await createPortal(settings, { JWT_SECRET: 'x'.repeat(40), PORTAL_VERSION: '9.9.9' }, await leaseDatabase('seeded'));
    return app;
  }

  const signin = (server: FastifyInstance, forwardedFor: string, username: string, password: string) =>
    server.inject({ method: 'POST', url: '/backend/api/signin', payload: { username, password }, headers: { 'x-forwarded-for': forwardedFor } });

  async function signinIp(server: FastifyInstance, forwardedFor: string): Promise<string | null> {
    const session = (await signin(server, forwardedFor, 'admin', 'Portal#2026')).json();
    const page = await server.inject({
      method: 'GET',
      url: '/backend/admin/audit?action=signin.success',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    return page.json().entries[0].ip;
  }

  async function failFromChangingAddresses(server: FastifyInstance, count: number) {
    for (let i = 0; i < count; i += 1) expect((await signin(server, `203.0.113.${i + 1}`, `guess${i}`, 'Wrong#Pass11')).statusCode).toBe(401);
  }

  it('is ignored by default: the audit log and the per-address limit see the connection', async () => {
    const server = await portal({});
    expect(await signinIp(server, '198.51.100.7')).toBe('127.0.0.1');
    await failFromChangingAddresses(server, 20);
    expect((await signin(server, '198.51.100.99', 'partner', 'Portal#2026')).statusCode).toBe(429);
  });

  it('is believed from a trusted proxy (TRUST_PROXY as a hop count)', async () => {
    const server = await portal({ TRUST_PROXY: '1' });
    expect(await signinIp(server, '198.51.100.7')).toBe('198.51.100.7');
    await failFromChangingAddresses(server, 20);
    expect((await signin(server, '198.51.100.99', 'partner', 'Portal#2026')).statusCode).toBe(200);
  });
});
