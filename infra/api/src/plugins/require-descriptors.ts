import type { FastifyInstance } from 'fastify';

/**
 * Every API route is registered from an endpoint descriptor (registerEndpoint): this refuses, when
 * the route is added, one that is not, so the OpenAPI document and the browser's calls cannot miss
 * a route. Fastify's automatic HEAD twin of a GET route, and the routes under `exceptUnder` (the
 * reference pages' own files), are allowed.
 */
export function requireEndpointDescriptors(app: FastifyInstance, options: { exceptUnder: string }): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.endpoint || route.method === 'HEAD') return;
    if (route.url === options.exceptUnder || route.url.startsWith(`${options.exceptUnder}/`)) return;
    throw new Error(`${String(route.method)} ${route.url} has no endpoint descriptor: describe it in shared/contracts/src/endpoints and register it with registerEndpoint`);
  });
}
