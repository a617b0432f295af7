import { resetRequestConfig } from '@portal/request';
import { ACCOUNT_SETTINGS_MESSAGES as M, checkImageBytes, checkLogoUrl, isTimeZone, profileFormSchema, whitelabelSettingsRequestSchema } from './account-settings';
import { commitWhitelabelImage, revokeAllSessions, updateProfile, uploadProfileImage } from './account-settings-calls';
import { getWhitelabel } from './first-page-calls';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('checkImageBytes', () => {
  it('knows PNG, JPEG and WebP by their signatures', () => {
    expect(checkImageBytes(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toEqual({ ok: true, contentType: 'image/png' });
    expect(checkImageBytes(bytes(0xff, 0xd8, 0xff, 0xe1))).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(checkImageBytes(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toEqual({ ok: true, contentType: 'image/webp' });
  });

  it('names SVG, refuses other content, empty and oversized files', () => {
    expect(checkImageBytes(text('\uFEFF  <svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ ok: false, errorMessage: M.imageSvg });
    expect(checkImageBytes(text('<!-- x --><svg/>'))).toEqual({ ok: false, errorMessage: M.imageSvg });
    expect(checkImageBytes(text('GIF89a'))).toEqual({ ok: false, errorMessage: M.imageType });
    expect(checkImageBytes(bytes())).toEqual({ ok: false, errorMessage: M.imageEmpty });
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(checkImageBytes(big)).toEqual({ ok: false, errorMessage: M.imageTooLarge });
  });
});

describe('checkLogoUrl', () => {
  it.each([
    ['', null],
    ['https://cdn.example.com/logo.png', null],
    [`/backend/media/${'f'.repeat(64)}.webp`, null],
    ['javascript:alert(1)', M.logoUrlScheme],
    ['java\tscript:alert(1)', M.logoUrlScheme],
    ['DATA:image/png;base64,AA==', M.logoUrlScheme],
    ['http://cdn.example.com/logo.png', M.logoUrlHttps],
    ['https://cdn.example.com/logo.SVG', M.imageSvg],
    ['https://localhost/logo.png', M.logoUrlHost],
    ['https://192.168.1.5/logo.png', M.logoUrlHost],
    ['not a url', M.logoUrlInvalid],
  ])('%j -> %s', (value, expected) => {
    expect(checkLogoUrl(value)).toBe(expected);
  });
});

describe('schemas', () => {
  it('asks for the current password only when the e-mail changes', () => {
    const base = { firstName: 'A', lastName: 'B', email: 'a@example.com', phone: '', timeZone: 'Europe/Paris', language: 'fr' };
    expect(profileFormSchema('A@example.com').safeParse(base).success).toBe(true);
    const moved = profileFormSchema('a@example.com').safeParse({ ...base, email: 'b@example.com' });
    expect(moved.error?.issues.map((i) => i.message)).toEqual([M.passwordNeededForEmail]);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('keeps copyright text plain and short', () => {
    const ok = { copyrightText: '<b>x</b>', whiteLabelEmail: '', whitelabelImageUrl: '', presetColor: 'theme6' };
    expect(whitelabelSettingsRequestSchema.parse(ok).copyrightText).toBe('<b>x</b>');
    expect(whitelabelSettingsRequestSchema.safeParse({ ...ok, copyrightText: 'x'.repeat(201) }).error?.issues[0].message).toBe(M.copyrightTooLong);
  });
});

describe('calls', () => {
  let sent: Request[] = [];
  beforeEach(() => {
    resetRequestConfig();
    sent = [];
    globalThis.fetch = jest.fn(async (req: Request) => {
      sent.push(req);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
  });

  it('use the spec paths under api/users/{userId}', async () => {
    await getWhitelabel('u1');
    await commitWhitelabelImage('u1', { uploadId: 'x' });
    await uploadProfileImage('u1', { data: 'AA==' });
    await updateProfile('u1', { firstName: 'a', lastName: 'b', email: 'c@d.ef', phone: '', timeZone: '', language: '' });
    await revokeAllSessions('u1');
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET http://localhost/backend/api/users/u1/whitelabel',
      'POST http://localhost/backend/api/users/u1/commit/whitelabel/image',
      'PUT http://localhost/backend/api/users/u1/profile/image',
      'PUT http://localhost/backend/api/users/u1/profile',
      'POST http://localhost/backend/api/users/u1/sessions/revoke',
    ]);
  });
});
