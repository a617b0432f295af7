import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { apiPlugin, setupApi, type Db } from '@portal/api';
import { storeImage } from '@portal/api/src/repositories/images-repository';
import { contentSecurityPolicy, registerSecurityHeaders } from './security-headers';
import { createPortalServer } from './server';
import { readSettings } from './settings';
import { portalSettingsIn } from './testing/portal-folders';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('content security policy', () => {
  it('frames nothing but its own origin without GRAFANA_URL', () => {
    const csp = contentSecurityPolicy([]);
    expect(directive(csp, 'frame-src')).toBeUndefined();
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
  });

  it('allows exactly the GRAFANA_URL origin in frame-src', () => {
    const settings = readSettings({ GRAFANA_URL: 'https://grafana.example.com:3000/d/portal-overview?kiosk' });
    expect(settings.grafanaOrigin).toBe('https://grafana.example.com:3000');
    const csp = contentSecurityPolicy(['https://cdn.example.com'], settings.grafanaOrigin);
    expect(directive(csp, 'frame-src')).toBe('frame-src https://grafana.example.com:3000');
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://cdn.example.com");
  });

  it('refuses a GRAFANA_URL that is not http(s)', () => {
    expect(readSettings({}).grafanaOrigin).toBeUndefined();
    expect(() => readSettings({ GRAFANA_URL: 'javascript:alert(1)' })).toThrow('GRAFANA_URL must be an http or https URL');
    expect(() => readSettings({ GRAFANA_URL: 'not a url' })).toThrow('GRAFANA_URL must be a valid URL');
  });
});

describe('headers on portal responses', () => {
  // Starting the portal migrates a fresh embedded database, which is slow on a busy machine.
  jest.setTimeout(60_000);
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  let root: string;
  let db: Db;
  let portal: FastifyInstance;

  /** The real portal server with the real API mounted on an empty in-memory database. */
  async function startPortal(env: NodeJS.ProcessEnv) {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-headers-'));
    const settings = portalSettingsIn(root, env);
    const api = await setupApi({ demo: false, jwtSecret: 'x'.repeat(40), version: '1.0.0' });
    db = api.db;
    portal = await createPortalServer(settings, {
      mountApi: async (server, prefix) => {
        await server.register(apiPlugin, { ...api.pluginOptions, prefix });
      },
      currentRemotes: async () => [],
      remoteFiles: async () => null,
    });
  }
  afterEach(async () => {
    await portal?.close();
    await db?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("keeps the media route's own CSP, adds HSTS for an https PORTAL_PUBLIC_URL and the Permissions-Policy everywhere", async () => {
    await startPortal({ PORTAL_PUBLIC_URL: 'https://backup.example.com' });
    const sha256 = crypto.createHash('sha256').update(PNG).digest('hex');
    await storeImage(db, { sha256, contentType: 'image/png', bytes: PNG });

    const media = await portal.inject(`/backend/media/${sha256}.png`);
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(PNG)).toBe(true);
    expect(media.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(media.headers['x-content-type-options']).toBe('nosniff');

    const page = await portal.inject('/login');
    expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy([]));
    const api = await portal.inject('/backend/platform/version');
    const missing = await portal.inject('/backend/api/nothing-here');
    for (const response of [media, page, api, missing]) {
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const policy = String(response.headers['permissions-policy']).split(', ');
      expect(policy).toEqual(expect.arrayContaining(['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'clipboard-read=()', 'clipboard-write=(self)', 'fullscreen=()']));
    }
  });

  it.each([
    ['an http PORTAL_PUBLIC_URL', { PORTAL_PUBLIC_URL: 'http://portal.local:8080' }],
    ['no PORTAL_PUBLIC_URL', {}],
  ])('sends no Strict-Transport-Security with %s, but still the Permissions-Policy', async (_label, env) => {
    const settings = readSettings(env);
    const app = Fastify();
    registerSecurityHeaders(app, settings);
    app.get('/', async () => 'page');
    const response = await app.inject('/');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['permissions-policy']).toContain('camera=()');
    await app.close();
  });

  it('refuses a PORTAL_PUBLIC_URL that is not an http(s) URL', () => {
    expect(readSettings({ PORTAL_PUBLIC_URL: 'https://backup.example.com/' }).publicUrl?.protocol).toBe('https:');
    expect(() => readSettings({ PORTAL_PUBLIC_URL: 'backup.example.com' })).toThrow('PORTAL_PUBLIC_URL must be a valid URL');
    expect(() => readSettings({ PORTAL_PUBLIC_URL: 'ftp://backup.example.com' })).toThrow('PORTAL_PUBLIC_URL must be an http or https URL');
  });
});
