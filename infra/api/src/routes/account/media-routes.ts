import { PROFILE_IMAGE_MAX_BYTES } from '@portal/contracts';
import { accountEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { findImage, type ImagePurpose } from '../../repositories/images-repository';
import { notFound } from '../../services/errors';
import { CONTENT_TYPE_OF_EXTENSION, uploadImage } from '../../services/image-service';

/** JSON image descriptions carry base64 (4/3 of the bytes) plus a few fields. */
export const IMAGE_BODY_LIMIT = Math.ceil((PROFILE_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

/** Uploaded images are served under the API's own base path: `/backend/media/<sha256>.<ext>`. */
export const mediaBaseOf = (app: FastifyInstance) => `${app.prefix}/media`;

/**
 * Step one of a two-step image change (a profile picture, a logo): the caller's upload, checked and
 * stored until its commit endpoint uses it.
 */
export function registerImageUpload(app: FastifyInstance, endpoint: typeof ep.uploadProfileImage | typeof ep.uploadWhitelabelImage, purpose: ImagePurpose): void {
  const mediaBase = mediaBaseOf(app);
  registerEndpoint(app, endpoint, async ({ auth, body }) => uploadImage(app.services.db, { userId: auth.userId, purpose, image: body, mediaBase }), { bodyLimit: IMAGE_BODY_LIMIT });
}

const FILE_NAME = /^([0-9a-f]{64})\.(png|jpg|webp)$/;

/**
 * Public, because an <img> sends no Authorization header; safe, because a name is the SHA-256 of
 * the bytes (unguessable without the image). Only checked raster types are stored, and they are
 * served with their own type, `nosniff` and a CSP that runs nothing even if opened directly.
 */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  registerEndpoint(app, ep.getMediaFile, async ({ params, reply }) => {
    const match = FILE_NAME.exec(params.file);
    if (!match) throw notFound();
    const [, sha256, extension] = match;
    const image = await findImage(deps.db, sha256);
    if (!image || CONTENT_TYPE_OF_EXTENSION[extension] !== image.contentType) throw notFound();
    return reply
      .header('content-type', image.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'cross-origin') // brand logos are shown in mail clients too
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(image.bytes);
  });
}
