import { accountProfileSchema, ACCOUNT_SETTINGS_MESSAGES as M } from '@portal/contracts';
import { build, signin, signinAs, type ApiInstance } from '../../test/build';
import sharp from 'sharp';
import { imageBody, JPEG_1X1, PNG_1X1, SVG, WEBP_2X2 } from '../../test/images';

const profileUrl = (userId: string) => `/backend/api/users/${userId}/profile`;
type Caller = Awaited<ReturnType<typeof signin>>;

async function put(app: ApiInstance, caller: Caller, payload: object) {
  return app.inject({ method: 'PUT', url: profileUrl(caller.userId), headers: caller.headers, payload });
}

const edit = { firstName: 'Christina', lastName: 'Kunde', email: 'customer@demo.example', phone: '+49 30 1234567', timeZone: 'Europe/Berlin', language: 'de' };

describe('GET /backend/api/users/:userId/profile', () => {
  it("returns the caller's own profile with the organisation name and the editable fields", async () => {
    const app = await build();
    const customer = await signin(app, 'customer');
    const response = await app.inject({ method: 'GET', url: profileUrl(customer.userId), headers: customer.headers });
    expect(response.statusCode).toBe(200);
    expect(accountProfileSchema.parse(response.json())).toEqual({
      userId: customer.userId,
      username: 'customer',
      email: 'customer@demo.example',
      firstName: 'Chris',
      lastName: 'Customer',
      role: 'CUSTOMER',
      profileImageUrl: null,
      organisationName: 'Demo Customer',
      phone: null,
      timeZone: null,
      language: null,
      mfaMethod: null,
      mfaRequired: false,
      access: 'full',
    });
    expect(response.body).not.toContain('password');
  });

  it("answers 404 for another user's profile, even for an ADMIN, and ignores the userid header", async () => {
    const app = await build();
    const { admin, customer } = await signinAs(app, ['admin', 'customer']);
    const response = await app.inject({ method: 'GET', url: profileUrl(customer.userId), headers: { ...admin.headers, userid: customer.userId } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorMessage: 'Not found' });
  });

  it('answers 400 with errorMessage for an id that is not a user id, and 404 for an unknown API path', async () => {
    const app = await build();
    const admin = await signin(app, 'admin');
    const bad = await app.inject({ method: 'GET', url: '/backend/api/users/abc/profile', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errorMessage: 'userId must be a valid id' });
    const unknown = await app.inject({ method: 'GET', url: '/backend/api/nothing-here' });
    expect(unknown.json()).toEqual({ errorMessage: 'Not found' });
  });
});

describe('PUT /backend/api/users/:userId/profile', () => {
  it('saves name, phone, time zone and language, and GET returns them', async () => {
    const app = await build();
    const customer = await signin(app, 'customer');
    const response = await put(app, customer, edit);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Christina', lastName: 'Kunde', phone: '+49 30 1234567', timeZone: 'Europe/Berlin', language: 'de' });
    const again = await app.inject({ method: 'GET', url: profileUrl(customer.userId), headers: customer.headers });
    expect(again.json()).toMatchObject({ firstName: 'Christina', timeZone: 'Europe/Berlin' });
    // Empty optional fields clear them.
    const cleared = await put(app, customer, { ...edit, phone: '', timeZone: '', language: '' });
    expect(cleared.json()).toMatchObject({ phone: null, timeZone: null, language: null });
  });

  it.each([
    [{ firstName: '' }, 'First Name is a required field'],
    [{ email: 'not-an-email' }, 'must be a valid email'],
    [{ phone: 'call me' }, M.phoneInvalid],
    [{ timeZone: 'Mars/Olympus' }, M.timeZoneInvalid],
    [{ language: 'xx' }, M.languageInvalid],
  ])('refuses %j with 400 "%s"', async (change, message) => {
    const app = await build();
    const customer = await signin(app, 'customer');
    const response = await put(app, customer, { ...edit, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toContain(message);
  });

  it('changes the e-mail only with the right current password, and never to a taken address', async () => {
    const app = await build();
    const customer = await signin(app, 'customer');
    const moved = { ...edit, email: 'chris@example.org' };
    expect((await put(app, customer, moved)).json()).toEqual({ errorMessage: M.passwordNeededForEmail });
    expect((await put(app, customer, { ...moved, currentPassword: 'Wrong#Pass1' })).json()).toEqual({ errorMessage: M.currentPasswordIncorrect });
    const taken = await put(app, customer, { ...edit, email: 'PARTNER@demo.example', currentPassword: 'Portal#2026' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errorMessage: M.emailTaken });
    const ok = await put(app, customer, { ...moved, currentPassword: 'Portal#2026' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('chris@example.org');
  });

  it("answers 404 when the path names another user", async () => {
    const app = await build();
    const { partner, customer } = await signinAs(app, ['partner', 'customer']);
    const response = await app.inject({ method: 'PUT', url: profileUrl(customer.userId), headers: partner.headers, payload: edit });
    expect(response.statusCode).toBe(404);
  });
});

describe('profile picture: PUT profile/image, then POST commit/profile/image', () => {
  async function upload(app: ApiInstance, caller: Caller, body: object) {
    return app.inject({ method: 'PUT', url: `${profileUrl(caller.userId)}/image`, headers: caller.headers, payload: body });
  }
  async function commit(app: ApiInstance, caller: Caller, uploadId: string) {
    return app.inject({ method: 'POST', url: `/backend/api/users/${caller.userId}/commit/profile/image`, headers: caller.headers, payload: { uploadId } });
  }

  it('stores a PNG, serves it without a token with its type and nosniff, and makes it current on commit', async () => {
    const app = await build();
    const customer = await signin(app, 'customer');
    const uploaded = await upload(app, customer, imageBody(PNG_1X1));
    expect(uploaded.statusCode).toBe(200);
    const { uploadId, imageUrl, contentType, size } = uploaded.json();
    expect(contentType).toBe('image/png');
    expect(imageUrl).toMatch(/^\/backend\/media\/[0-9a-f]{64}\.png$/);

    const served = await app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // The stored copy is re-encoded from the pixels: the same picture, the size reported at upload.
    expect(served.rawPayload.length).toBe(size);
    expect(await sharp(served.rawPayload).raw().toBuffer()).toEqual(await sharp(PNG_1X1).raw().toBuffer());

    // Not current until committed.
    const before = await app.inject({ method: 'GET', url: profileUrl(customer.userId), headers: customer.headers });
    expect(before.json().profileImageUrl).toBeNull();
    const committed = await commit(app, customer, uploadId);
    expect(committed.statusCode).toBe(200);
    expect(committed.json().profileImageUrl).toBe(imageUrl);
    // An upload is committed once.
    expect((await commit(app, customer, uploadId)).statusCode).toBe(404);
  });

  it('accepts JPEG and WebP by their bytes whatever the name says', async () => {
    const app = await build();
    const customer = await signin(app, 'customer');
    const jpeg = await upload(app, customer, imageBody(JPEG_1X1, 'photo.png', 'image/png'));
    expect(jpeg.json()).toMatchObject({ contentType: 'image/jpeg' });
    expect(jpeg.json().imageUrl).toMatch(/\.jpg$/);
    const webp = await upload(app, customer, imageBody(WEBP_2X2, 'x.gif', 'image/gif'));
    expect(webp.json()).toMatchObject({ contentType: 'image/webp' });
  });

  it.each([
    ['an SVG', SVG, M.imageSvg],
    ['text named .png', Buffer.from('GIF89a not really a picture'), M.imageType],
    ['an HTML page', Buffer.from('<html><script>alert(1)</script></html>'), M.imageType],
    ['more than 2 MB', Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024)]), M.imageTooLarge],
  ])('refuses %s with a clear errorMessage', async (_label, bytes, message) => {
    const app = await build();
    const customer = await signin(app, 'customer');
    const response = await upload(app, customer, imageBody(bytes as Buffer, 'picture.png'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorMessage: message });
  });

  it('refuses data that is not base64 and a body without data', async () => {
    const app = await build();
    const customer = await signin(app, 'customer');
    expect((await upload(app, customer, { data: 'data:image/png;base64,AAAA' })).json()).toEqual({ errorMessage: M.imageDataInvalid });
    expect((await upload(app, customer, { fileName: 'x.png' })).json()).toEqual({ errorMessage: M.imageRequired });
  });

  it("cannot commit someone else's upload (404), and unknown media answer 404", async () => {
    const app = await build();
    const { customer, partner } = await signinAs(app, ['customer', 'partner']);
    const { uploadId } = (await upload(app, customer, imageBody(PNG_1X1))).json();
    const stolen = await commit(app, partner, uploadId);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ errorMessage: M.uploadUnknown });
    expect((await app.inject({ method: 'GET', url: `/backend/media/${'0'.repeat(64)}.png` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/backend/media/..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });
});
