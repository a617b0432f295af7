import { resetRequestConfig } from '@portal/request';
import {
  changePassword,
  checkEmailAvailable,
  checkUsernameAvailable,
  forgot,
  getHealth,
  getPlatformVersion,
  getProfile,
  getRegions,
  register,
  resendMfaCode,
  resetPassword,
  signin,
  signout,
  validateOtp,
  validateResetOtp,
} from './calls';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const USER_ID = '6f1c1f7e-7c11-4d0b-9a57-6d0d8f3d2a10';
const registration = {
  username: 'jane',
  email: 'j@x.io',
  firstName: 'Jane',
  lastName: 'Doe',
  company: 'Acme',
  regionId: 'eu-west',
  password: 'New#Pass1',
};

let fetchMock: jest.Mock<Promise<Response>, [Request]>;
let sentBody: string | null;

beforeEach(() => {
  resetRequestConfig();
  sentBody = null;
  fetchMock = jest.fn(async (req: Request) => {
    sentBody = req.body ? await req.text() : null;
    return json({ ok: true });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const sent = () => {
  const req = fetchMock.mock.calls[0][0];
  return { method: req.method, url: req.url, body: sentBody };
};

it.each([
  ['signin', 'POST', 'http://localhost/backend/api/signin', '{"username":"u","password":"p"}', () => signin({ username: 'u', password: 'p' })],
  ['signout', 'POST', 'http://localhost/backend/api/users/u%201/signout', null, () => signout('u 1')],
  ['getPlatformVersion', 'GET', 'http://localhost/backend/platform/version', null, () => getPlatformVersion()],
  ['getProfile', 'GET', 'http://localhost/backend/api/users/u1/profile', null, () => getProfile('u1')],
  ['getHealth', 'GET', 'http://localhost/backend/api/health', null, () => getHealth()],
  ['getRegions', 'GET', 'http://localhost/backend/api/regions', null, () => getRegions()],
  ['checkUsernameAvailable', 'POST', 'http://localhost/backend/api/available/username', '{"username":"jane"}', () => checkUsernameAvailable('jane')],
  ['checkEmailAvailable', 'POST', 'http://localhost/backend/api/available/email', '{"email":"j@x.io"}', () => checkEmailAvailable('j@x.io')],
  ['register', 'POST', 'http://localhost/backend/api/register', JSON.stringify(registration), () => register(registration)],
  ['validateOtp', 'POST', 'http://localhost/backend/api/validate/otp', `{"userId":"${USER_ID}","otp":"123456"}`, () => validateOtp({ userId: USER_ID, otp: '123456' })],
  ['resendMfaCode', 'POST', 'http://localhost/backend/api/mfa/resend', `{"userId":"${USER_ID}"}`, () => resendMfaCode(USER_ID)],
  ['forgot', 'POST', 'http://localhost/backend/api/forgot', '{"email":"j@x.io"}', () => forgot({ email: 'j@x.io' })],
  ['validateResetOtp', 'POST', 'http://localhost/backend/api/validate/reset/otp', '{"email":"j@x.io","otp":"123456"}', () => validateResetOtp({ email: 'j@x.io', otp: '123456' })],
  [
    'resetPassword',
    'POST',
    'http://localhost/backend/api/reset/password',
    '{"email":"j@x.io","otp":"123456","password":"New#Pass1"}',
    () => resetPassword({ email: 'j@x.io', otp: '123456', password: 'New#Pass1' }),
  ],
  [
    'changePassword',
    'POST',
    'http://localhost/backend/api/change/password',
    `{"userId":"${USER_ID}","currentPassword":"Old#Pass1","password":"New#Pass1"}`,
    () => changePassword({ userId: USER_ID, currentPassword: 'Old#Pass1', password: 'New#Pass1' }),
  ],
])('%s issues %s %s', async (_name, method, url, body, call) => {
  await expect(call()).resolves.toEqual({ ok: true });
  expect(sent()).toEqual({ method, url, body });
});

it('getProfile identifies the caller even without a session user', async () => {
  await getProfile('u1');
  expect(fetchMock.mock.calls[0][0].headers.get('userid')).toBe('u1');
});

describe('public account calls carry no identity headers, the MFA and change-password calls do', () => {
  beforeEach(() => {
    window.localStorage.setItem('serviceToken', 'jwt');
    window.sessionStorage.setItem(
      'user',
      JSON.stringify({ userId: USER_ID, role: 'CUSTOMER', mfa: false, email: 'j@x.io', firstName: 'J', lastName: 'D', username: 'jane' }),
    );
  });
  afterEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it.each([
    ['getRegions', () => getRegions()],
    ['checkUsernameAvailable', () => checkUsernameAvailable('jane')],
    ['checkEmailAvailable', () => checkEmailAvailable('j@x.io')],
    ['register', () => register(registration)],
    ['forgot', () => forgot({ email: 'j@x.io' })],
    ['validateResetOtp', () => validateResetOtp({ email: 'j@x.io', otp: '123456' })],
    ['resetPassword', () => resetPassword({ email: 'j@x.io', otp: '123456', password: 'New#Pass1' })],
  ])('%s is public', async (_name, call) => {
    await call();
    const headers = fetchMock.mock.calls[0][0].headers;
    expect(headers.get('authorization')).toBeNull();
    expect(headers.get('userid')).toBeNull();
  });

  it.each([
    ['validateOtp', () => validateOtp({ userId: USER_ID, otp: '123456' })],
    ['resendMfaCode', () => resendMfaCode(USER_ID)],
    ['changePassword', () => changePassword({ userId: USER_ID, currentPassword: 'Old#Pass1', password: 'New#Pass1' })],
  ])('%s carries the token', async (_name, call) => {
    await call();
    expect(fetchMock.mock.calls[0][0].headers.get('authorization')).toBe('Bearer jwt');
  });
});
