import { resetRequestConfig } from '@portal/request';
import { getHealth, getPlatformVersion, getProfile, signin, signout } from './calls';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
])('%s issues %s %s', async (_name, method, url, body, call) => {
  await expect(call()).resolves.toEqual({ ok: true });
  expect(sent()).toEqual({ method, url, body });
});

it('getProfile identifies the caller even without a session user', async () => {
  await getProfile('u1');
  expect(fetchMock.mock.calls[0][0].headers.get('userid')).toBe('u1');
});
