import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../openapi/openapi-document';

/** Where the interactive reference lives, under the API base: `/backend/docs` (JSON at `/backend/docs/json`). */
export const DOCS_PREFIX = '/docs';

/**
 * The OpenAPI 3.1 document, generated from the endpoint descriptors (the same objects the routes are
 * registered from), and Swagger UI to read and try it. Public: it describes routes, not data.
 */
export async function docsRoutes(app: FastifyInstance, options: { version: string }): Promise<void> {
  const document = openApiDocument(ENDPOINTS, { version: options.version, basePath: app.prefix || '/' });
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  // The page links its files relatively (./static/...): without the trailing slash they would miss.
  const page = `${app.prefix}${DOCS_PREFIX}`;
  app.addHook('onRequest', async (request, reply) => {
    const [path, query] = request.url.split('?');
    if (path === page) return reply.redirect(`${page}/${query === undefined ? '' : `?${query}`}`, 301);
  });
  // The portal's own Content-Security-Policy applies (scripts from this origin only); the plugin's
  // would upgrade the files to https on a plain-http portal.
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: false, uiConfig: { docExpansion: 'list', deepLinking: true } });
}
