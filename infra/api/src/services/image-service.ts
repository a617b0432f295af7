import crypto from 'node:crypto';
import { ACCOUNT_SETTINGS_MESSAGES as M, type ImageContentType, type ImageUploadRequest, type ImageUploadResponse } from '@portal/contracts';
import type { Queryable } from '@portal/db';
import { claimUpload, insertUpload, storeImage, type ImagePurpose } from '../repositories/images-repository';
import { HttpError } from './errors';
import { reencodeImage } from './reencode-image';

/** An upload must be committed within this time; after that the user uploads again. */
export const UPLOAD_COMMIT_WINDOW_SECONDS = 60 * 60;

const EXTENSIONS: Record<ImageContentType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
export const CONTENT_TYPE_OF_EXTENSION: Record<string, ImageContentType> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * Where an image is served: `<mediaBase>/<sha256>.<ext>` on the portal's own origin. The hash of the
 * bytes is the name, so the URL cannot be guessed without the image and never needs a token.
 */
export const mediaUrl = (mediaBase: string, sha256: string, contentType: ImageContentType) => `${mediaBase}/${sha256}.${EXTENSIONS[contentType]}`;

/** Parses `/…/media/<sha>.<ext>` under our own base; undefined for anything else. */
export function parseOwnMediaUrl(mediaBase: string, url: string): string | undefined {
  if (!url.startsWith(`${mediaBase}/`)) return undefined;
  const match = /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec(url.slice(mediaBase.length + 1));
  return match?.[1];
}

/**
 * Step one of both two-step uploads: check the bytes (not the name), store a re-encoded copy (never
 * the bytes as sent), remember the upload. The hash, URL and size are those of the stored copy.
 */
export async function uploadImage(
  db: Queryable,
  input: { userId: string; purpose: ImagePurpose; image: ImageUploadRequest; mediaBase: string },
): Promise<ImageUploadResponse> {
  const image = await reencodeImage(Buffer.from(input.image.data, 'base64'));
  if (!image.ok) throw new HttpError(400, image.errorMessage);
  const sha256 = crypto.createHash('sha256').update(image.bytes).digest('hex');
  await storeImage(db, { sha256, contentType: image.contentType, bytes: image.bytes });
  const uploadId = await insertUpload(db, { userId: input.userId, purpose: input.purpose, sha256 });
  return { uploadId, imageUrl: mediaUrl(input.mediaBase, sha256, image.contentType), contentType: image.contentType, size: image.bytes.length };
}

/** Step two: the caller's own pending upload of that purpose, or 404. Returns the image URL. */
export async function claimImage(
  db: Queryable,
  input: { userId: string; purpose: ImagePurpose; uploadId: string; mediaBase: string },
): Promise<string> {
  const claimed = await claimUpload(db, { ...input, maxAgeSeconds: UPLOAD_COMMIT_WINDOW_SECONDS });
  if (!claimed) throw new HttpError(404, M.uploadUnknown);
  return mediaUrl(input.mediaBase, claimed.sha256, claimed.contentType);
}
