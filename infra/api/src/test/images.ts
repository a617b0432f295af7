/** Small, real image files for upload tests (bytes as the formats define them). */
import zlib from 'node:zlib';
import sharp from 'sharp';

/** A valid 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid 1x1 baseline JPEG and a valid 2x2 lossless WebP: the server decodes every upload. */
export const JPEG_1X1 = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQj/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCewFIh3//Z',
  'base64',
);
export const WEBP_2X2 = Buffer.from('UklGRhwAAABXRUJQVlA4TA8AAAAvAUAAAAcQ0f/+ByKi/wEA', 'base64');

export const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** What a probe sends: a real PNG followed by a page that a sniffing browser would run. */
export const POLYGLOT_TAIL = '<html><body><script>alert(document.domain)</script></body></html>';
export const PNG_POLYGLOT = Buffer.concat([PNG_1X1, Buffer.from(POLYGLOT_TAIL)]);

/** PNG_1X1 with its header claiming width x height (CRC fixed, so only the size is wrong). */
export function pngDeclaring(width: number, height: number): Buffer {
  const bytes = Buffer.from(PNG_1X1);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(zlib.crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

/** A 64x64 noisy image, so its compressed data is long enough to cut in the middle. */
export async function noisyImage(format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  const side = 64;
  const pixels = Buffer.alloc(side * side * 3, 0).map((_, i) => (i * 7919) % 251);
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).toFormat(format).toBuffer();
}

/** A JPEG carrying EXIF with a camera make, a copyright text and a GPS position. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'ProbeCam', Copyright: 'secret-exif-marker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
    })
    .toBuffer();
}

export const imageBody = (bytes: Buffer, fileName = 'picture.png', contentType = 'image/png') => ({
  fileName,
  contentType,
  data: bytes.toString('base64'),
});
