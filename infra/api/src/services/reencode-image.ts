import { ACCOUNT_SETTINGS_MESSAGES as M, checkImageBytes, IMAGE_MAX_PIXELS, type ImageCheck, type ImageContentType } from '@portal/contracts';
import sharp from 'sharp';

// Each upload is decoded once; libvips' operation cache would only keep users' pictures in memory.
sharp.cache(false);

const SHARP_FORMAT: Record<ImageContentType, 'png' | 'jpeg' | 'webp'> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

export type ReencodedImage = { ok: true; contentType: ImageContentType; bytes: Buffer } | Extract<ImageCheck, { ok: false }>;

/**
 * Decodes the upload and writes a new file of the same format from its pixels alone, so nothing the
 * sender appended or embedded (HTML after the image end, EXIF/GPS, comments, ICC profiles, further
 * animation frames) survives. A header that lies about the format, a truncated or corrupt file, and
 * a file that declares more than IMAGE_MAX_PIXELS are refused before any pixel is decoded.
 */
export async function reencodeImage(bytes: Buffer): Promise<ReencodedImage> {
  const check = checkImageBytes(bytes);
  if (!check.ok) return check;
  const format = SHARP_FORMAT[check.contentType];
  // failOn 'warning' turns libpng/libjpeg's "premature end" warnings into errors: a truncated file is refused, not padded.
  const options = { failOn: 'warning', limitInputPixels: IMAGE_MAX_PIXELS } as const;
  try {
    // The header alone: dimensions are known before anything is decompressed.
    const header = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
    if (header.format !== format) return { ok: false, errorMessage: M.imageType };
    if (header.width * header.height > IMAGE_MAX_PIXELS) return { ok: false, errorMessage: M.imageTooManyPixels };
    // rotate() applies the EXIF orientation to the pixels, because the tag itself is dropped with the rest of the metadata.
    const reencoded = await sharp(bytes, options).rotate().toFormat(format).toBuffer();
    return { ok: true, contentType: check.contentType, bytes: reencoded };
  } catch {
    return { ok: false, errorMessage: M.imageType };
  }
}
