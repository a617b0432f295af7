import { ACCOUNT_SETTINGS_MESSAGES as M } from '@portal/contracts';
import sharp from 'sharp';
import { build, signin, type ApiInstance } from '../../test/build';
import { imageBody, jpegWithExif, noisyImage, PNG_1X1, PNG_POLYGLOT, pngDeclaring, POLYGLOT_TAIL } from '../../test/images';

type Caller = Awaited<ReturnType<typeof signin>>;

const uploadUrls = {
  'profile picture': (userId: string) => `/backend/api/users/${userId}/profile/image`,
  'white-label logo': (userId: string) => `/backend/api/users/${userId}/whitelabel/image`,
};
type Purpose = keyof typeof uploadUrls;
const uploaderOf: Record<Purpose, 'customer' | 'partner'> = { 'profile picture': 'customer', 'white-label logo': 'partner' };

async function upload(app: ApiInstance, caller: Caller, purpose: Purpose, bytes: Buffer) {
  return app.inject({ method: 'PUT', url: uploadUrls[purpose](caller.userId), headers: caller.headers, payload: imageBody(bytes) });
}

/** Uploads, then fetches what the media route serves for it. */
async function uploadAndFetch(app: ApiInstance, caller: Caller, purpose: Purpose, bytes: Buffer) {
  const uploaded = await upload(app, caller, purpose, bytes);
  expect(uploaded.statusCode).toBe(200);
  const served = await app.inject({ method: 'GET', url: uploaded.json().imageUrl });
  expect(served.statusCode).toBe(200);
  return { uploaded: uploaded.json(), served };
}

describe.each(Object.keys(uploadUrls) as Purpose[])('the %s upload stores a re-encoded image', (purpose) => {
  it('serves a PNG polyglot (image + appended HTML/script) as a clean PNG without the appended bytes', async () => {
    const app = await build();
    const caller = await signin(app, uploaderOf[purpose]);
    const { uploaded, served } = await uploadAndFetch(app, caller, purpose, PNG_POLYGLOT);
    const body = served.rawPayload;
    expect(uploaded).toMatchObject({ contentType: 'image/png', size: body.length });
    expect(served.headers['content-type']).toBe('image/png');
    expect(body.includes('<script')).toBe(false);
    expect(body.includes('<html')).toBe(false);
    expect(body.includes(POLYGLOT_TAIL)).toBe(false);
    // The file ends where the PNG ends (IEND chunk and its CRC), and still shows the same pixel.
    expect(body.subarray(-12).toString('latin1', 4, 8)).toBe('IEND');
    expect(await sharp(body).raw().toBuffer()).toEqual(await sharp(PNG_1X1).raw().toBuffer());
  });

  it('refuses an image that declares more than the pixel limit with 400', async () => {
    const app = await build();
    const caller = await signin(app, uploaderOf[purpose]);
    const response = await upload(app, caller, purpose, pngDeclaring(5000, 5000));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorMessage: M.imageTooManyPixels });
  });
});

describe('re-encoding uploaded images', () => {
  it('strips EXIF (camera, copyright, GPS) from a JPEG and keeps it a JPEG', async () => {
    const app = await build();
    const customer = await signin(app, 'customer');
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { uploaded, served } = await uploadAndFetch(app, customer, 'profile picture', original);
    expect(uploaded.contentType).toBe('image/jpeg');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 8, height: 8 });
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes('secret-exif-marker')).toBe(false);
    expect(served.rawPayload.includes('ProbeCam')).toBe(false);
  });

  it.each(['png', 'jpeg', 'webp'] as const)('refuses a truncated %s with 400 and the invalid-image message, never 500', async (format) => {
    const app = await build();
    const customer = await signin(app, 'customer');
    const whole = await noisyImage(format);
    expect((await upload(app, customer, 'profile picture', whole)).statusCode).toBe(200);
    const response = await upload(app, customer, 'profile picture', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorMessage: M.imageType });
  });

  it('refuses a file whose PNG signature is followed by no image at all', async () => {
    const app = await build();
    const customer = await signin(app, 'customer');
    const response = await upload(app, customer, 'profile picture', Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.from(POLYGLOT_TAIL)]));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorMessage: M.imageType });
  });
});
