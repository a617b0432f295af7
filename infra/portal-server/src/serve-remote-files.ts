import type { FastifyInstance } from 'fastify';
import type { RemoteStore } from './remote-store';

export const NO_STORE = 'no-store';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Manifests may be re-read to learn of a new version; everything else in a version folder is immutable. */
export const remoteCacheControl = (file: string): string => (file.replace(/\.(br|gz)$/, '').endsWith('mf-manifest.json') ? NO_STORE : IMMUTABLE);

/** Serves /remotes/<name>/<version>/<file> through a store that is not a local folder (the bucket). */
export function serveRemoteFilesFromStore(app: FastifyInstance, store: Required<Pick<RemoteStore, 'readFile'>>): void {
  app.get<{ Params: { name: string; version: string; '*': string } }>('/remotes/:name/:version/*', async (req, reply) => {
    const { name, version } = req.params;
    const file = req.params['*'];
    const found = await store.readFile(name, version, file, String(req.headers['accept-encoding'] ?? ''));
    if (!found) return reply.code(404).send({ errorMessage: 'Not found' });
    reply.header('cache-control', remoteCacheControl(file));
    // Remote entries are loaded with an SRI check, which needs CORS mode even on our own origin.
    reply.header('access-control-allow-origin', '*');
    reply.header('vary', 'accept-encoding');
    if (found.contentEncoding) reply.header('content-encoding', found.contentEncoding);
    return reply.type(found.contentType).send(found.body);
  });
}
