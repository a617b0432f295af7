import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PLAIN_SHELL_COOKIE } from '@portal/config';
import { leaseDatabase } from '@portal/api/src/test/pglite-pool';
import { createPortal } from './create-portal';
import { portalSettingsIn } from './testing/portal-folders';

// Issue 21: /login is sent as the host build's prerendered sign-in page (login.html, or login-demo.html
// on a demo portal), pinned like index.html; a browser that asked for the plain shell gets index.html.

jest.setTimeout(60_000);

let tmp: string;
const apps: FastifyInstance[] = [];

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prerendered-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const page = (marker: string) => `<!doctype html><head><script defer src="/paint-first.abc.js"></script></head><body>${marker}</body>`;

async function portal(options: { demo?: boolean; prerendered?: boolean } = {}): Promise<FastifyInstance> {
  const settings = portalSettingsIn(fs.mkdtempSync(path.join(tmp, 'case-')), { PORTAL_DEMO: options.demo ? '1' : '0' });
  fs.writeFileSync(path.join(settings.hostDist, 'paint-first.abc.js'), 'void 0;');
  if (options.prerendered !== false) {
    fs.writeFileSync(path.join(settings.hostDist, 'login.html'), page('prerendered sign-in'));
    fs.writeFileSync(path.join(settings.hostDist, 'login-demo.html'), page('prerendered demo sign-in'));
  }
  const app = await createPortal(settings, { JWT_SECRET: 'x'.repeat(40), PORTAL_VERSION: '9.9.9' }, await leaseDatabase('migrated'));
  apps.push(app);
  return app;
}

test('/login and / are the prerendered sign-in page, its script pinned, and vary by cookie; other routes get the plain shell', async () => {
  const app = await portal();
  expect((await app.inject('/')).body).toContain('prerendered sign-in');
  const login = await app.inject('/login?next=%2Fdashboard');
  expect(login.statusCode).toBe(200);
  expect(login.body).toContain('prerendered sign-in');
  expect(login.body).not.toContain('demo');
  expect(login.body).toMatch(/<script defer src="\/paint-first\.abc\.js" integrity="sha384-[^"]+"><\/script>/);
  expect(login.headers['cache-control']).toBe('no-cache');
  expect(login.headers.vary).toContain('cookie');
  for (const url of ['/dashboard', '/register', '/login.html', '/login-demo.html']) expect((await app.inject(url)).body).toContain('<title>portal</title>');
});

test('a browser whose settings would draw the page differently gets the plain shell at /login', async () => {
  const app = await portal();
  const plain = await app.inject({ url: '/login', headers: { cookie: `other=1; ${PLAIN_SHELL_COOKIE}=plain` } });
  expect(plain.body).toContain('<title>portal</title>');
  // Any other value is no request for it.
  expect((await app.inject({ url: '/login', headers: { cookie: `${PLAIN_SHELL_COOKIE}=yes` } })).body).toContain('prerendered sign-in');
});

test('a demo portal sends the demo page; a host build without prerendered pages gets the plain shell', async () => {
  expect((await (await portal({ demo: true })).inject('/login')).body).toContain('prerendered demo sign-in');
  expect((await (await portal({ prerendered: false })).inject('/login')).body).toContain('<title>portal</title>');
});
