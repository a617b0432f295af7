import Fastify from 'fastify';
import { supportEndpoints } from '@portal/contracts/endpoints';
import { registerEndpoint } from './endpoint-route';
import { requireEndpointDescriptors } from './require-descriptors';
import { useZodCompilers } from './zod-compilers';

async function appWithGuard() {
  const app = Fastify();
  useZodCompilers(app);
  const pass = async () => undefined;
  app.decorate('endpointGuards', { session: pass, mfaPending: pass, scrape: pass, apiKey: pass });
  requireEndpointDescriptors(app, { exceptUnder: '/docs' });
  return app;
}

test('a route without a descriptor is refused when it is added', async () => {
  const app = await appWithGuard();
  expect(() => app.get('/backend/undocumented', async () => ({}))).toThrow(/GET \/backend\/undocumented has no endpoint descriptor/);
  await app.close();
});

test('a route registered from a descriptor, its HEAD twin and the reference pages are accepted', async () => {
  const app = await appWithGuard();
  registerEndpoint(app, supportEndpoints.getSupportContact, async () => ({ name: 'x', email: 'x@example.com', phone: '' }) as never);
  app.get('/docs/static/index.css', async () => '');
  await app.ready();
  expect(app.hasRoute({ method: 'GET', url: '/support/contact' })).toBe(true);
  expect(app.hasRoute({ method: 'HEAD', url: '/support/contact' })).toBe(true);
  await app.close();
});
