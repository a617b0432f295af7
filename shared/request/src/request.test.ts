import { authStore, resetAuthStore, setServiceToken, setSessionUser } from '@portal/auth-bridge';
import { PUBLIC_URL_MARKERS } from '@portal/config';
import { configureRequest, getRequestConfig, inBackground, isPublicUrl, request, resetRequestConfig } from './request';
import { loadingStore } from './loading-store';

const user = { userId: 'session-user', role: 'ADMIN', mfa: false, email: 'a@x.io', firstName: 'A', lastName: 'B', username: 'ab' } as const;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: jest.Mock<Promise<Response>, [Request]>;
let consoleError: jest.SpyInstance;

const lastRequest = (): Request => fetchMock.mock.calls[fetchMock.mock.calls.length - 1][0];

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetAuthStore();
  resetRequestConfig();
  loadingStore.getState().reset();
  fetchMock = jest.fn(async (_req: Request) => json({ ok: true }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => consoleError.mockRestore());

describe('request: URL, body and query', () => {
  it('prefixes the base and returns the parsed body', async () => {
    fetchMock.mockResolvedValueOnce(json({ version: '1.2.3' }));
    await expect(request({ method: 'GET', url: 'platform/version' })).resolves.toEqual({ version: '1.2.3' });
    expect(lastRequest().url).toBe('http://localhost/backend/platform/version');
    expect(lastRequest().method).toBe('GET');
  });

  it('uses the configured base and tolerates a leading slash', async () => {
    configureRequest({ baseUrl: 'https://api.example.com/v' });
    await request({ method: 'get', url: '/api/health' });
    expect(lastRequest().url).toBe('https://api.example.com/v/api/health');
    expect(getRequestConfig().baseUrl).toBe('https://api.example.com/v');
  });

  it('sends data as JSON', async () => {
    let sent: unknown;
    // ky releases the request body once the call settles, so read it inside fetch.
    fetchMock.mockImplementationOnce(async (req) => {
      sent = await req.json();
      return json({});
    });
    await request({ method: 'POST', url: 'api/signin', data: { username: 'u', password: 'p' } });
    const req = lastRequest();
    expect(req.method).toBe('POST');
    expect(req.headers.get('content-type')).toBe('application/json');
    expect(req.headers.get('accept')).toBe('application/json');
    expect(sent).toEqual({ username: 'u', password: 'p' });
  });

  it('turns params into the query string, skipping empty values', async () => {
    await request({ method: 'GET', url: 'support/tickets', params: { page: 2, q: 'a b', tag: ['x', 'y'], none: undefined, nil: null } });
    expect(lastRequest().url).toBe('http://localhost/backend/support/tickets?page=2&q=a+b&tag=x&tag=y');
  });

  it('keeps a caller-supplied query string and appends params to it', async () => {
    await request({ method: 'GET', url: 'feedbacks/list?sort=desc', params: 'page=1' });
    expect(lastRequest().url).toBe('http://localhost/backend/feedbacks/list?sort=desc&page=1');
  });

  it('does not send a body on GET', async () => {
    await request({ method: 'GET', url: 'api/users/1/profile', data: { userId: '1' } });
    expect(lastRequest().body).toBeNull();
  });

  it('sets no timeout and no retry', async () => {
    fetchMock.mockResolvedValueOnce(json({ errorMessage: 'Internal server error' }, 503));
    await request({ method: 'GET', url: 'api/health' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('request: identity headers', () => {
  it('adds authorization and userid from storage', async () => {
    setServiceToken('tok-1');
    setSessionUser(user);
    await request({ method: 'GET', url: 'api/users/session-user/profile' });
    expect(lastRequest().headers.get('authorization')).toBe('Bearer tok-1');
    expect(lastRequest().headers.get('userid')).toBe('session-user');
  });

  it('prefers the session user over data.userId', async () => {
    setSessionUser(user);
    await request({ method: 'POST', url: 'feedbacks/create', data: { userId: 'body-user', feedback: 'hi' } });
    expect(lastRequest().headers.get('userid')).toBe('session-user');
  });

  it('falls back to data.userId without a session user', async () => {
    setServiceToken('tok-1');
    await request({ method: 'POST', url: 'api/validate/otp', data: { userId: 'body-user', otp: '123456' } });
    expect(lastRequest().headers.get('userid')).toBe('body-user');
  });

  it('sends no identity headers when there is nothing to send', async () => {
    await request({ method: 'GET', url: 'api/health' });
    expect(lastRequest().headers.has('authorization')).toBe(false);
    expect(lastRequest().headers.has('userid')).toBe(false);
  });

  it('passes caller headers through', async () => {
    await request({ method: 'GET', url: 'api/health', headers: { 'x-trace': 't1' } });
    expect(lastRequest().headers.get('x-trace')).toBe('t1');
  });

  it.each(PUBLIC_URL_MARKERS.map((m) => [m]))('strips both headers for a URL containing %s', async (marker) => {
    setServiceToken('tok-1');
    setSessionUser(user);
    await request({
      method: 'POST',
      url: `api/${marker}/x`,
      data: { userId: 'body-user' },
      headers: { authorization: 'Bearer caller', userid: 'caller' },
    });
    expect(lastRequest().headers.has('authorization')).toBe(false);
    expect(lastRequest().headers.has('userid')).toBe(false);
  });

  it('recognises public URLs', () => {
    expect(isPublicUrl('api/signin')).toBe(true);
    expect(isPublicUrl('api/validate/reset/otp')).toBe(true);
    expect(isPublicUrl('api/validate/otp')).toBe(false);
    expect(isPublicUrl('api/users/1/signout')).toBe(false);
  });
});

describe('request: response handling', () => {
  it('accepts an empty body (204) as an empty object', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(request({ method: 'DELETE', url: 'feedbacks/1' })).resolves.toEqual({});
  });

  it('accepts a zero-length 200 body', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 200 }));
    await expect(request({ method: 'POST', url: 'platform/version' })).resolves.toEqual({});
  });

  it('accepts empty-but-present JSON values', async () => {
    fetchMock.mockResolvedValueOnce(json([]));
    await expect(request({ method: 'GET', url: 'api/regions' })).resolves.toEqual([]);
    fetchMock.mockResolvedValueOnce(json(''));
    await expect(request({ method: 'GET', url: 'api/regions' })).resolves.toBe('');
  });

  it('raises "Invalid response received" for a null body', async () => {
    fetchMock.mockResolvedValueOnce(json(null));
    await expect(request({ method: 'GET', url: 'api/health' })).rejects.toThrow('Invalid response received');
    expect(consoleError).toHaveBeenCalled();
  });

  it('maps an error status with errorMessage to { errorMessage }', async () => {
    fetchMock.mockResolvedValueOnce(json({ errorMessage: 'Forbidden' }, 403));
    await expect(request({ method: 'GET', url: 'api/health' })).resolves.toEqual({ errorMessage: 'Forbidden' });
    expect(consoleError).toHaveBeenCalled();
  });

  it('maps an error status without errorMessage to a generic message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    await expect(request({ method: 'GET', url: 'api/health' })).resolves.toEqual({ errorMessage: 'Request failed with status code 502' });
  });

  it('maps a network failure to its message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request({ method: 'GET', url: 'api/health' })).resolves.toEqual({ errorMessage: 'Failed to fetch' });
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Failed to fetch' }));
  });

  it('maps an unparseable success body to the parser message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 200 }));
    const result = await request<{ errorMessage?: string }>({ method: 'GET', url: 'api/health' });
    expect(result.errorMessage).toEqual(expect.any(String));
  });
});

describe('request: 401', () => {
  it('clears the session and calls onUnauthorized on a protected URL', async () => {
    const onUnauthorized = jest.fn();
    configureRequest({ onUnauthorized });
    setServiceToken('tok-1');
    setSessionUser(user);
    authStore.getState().login(user);
    fetchMock.mockResolvedValueOnce(json({ errorMessage: 'Session expired' }, 401));

    await expect(request({ method: 'GET', url: 'api/users/session-user/profile' })).resolves.toEqual({ errorMessage: 'Session expired' });
    expect(window.localStorage.getItem('serviceToken')).toBeNull();
    expect(window.sessionStorage.getItem('user')).toBeNull();
    expect(authStore.getState().isLoggedIn).toBe(false);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on a public URL (bad credentials)', async () => {
    const onUnauthorized = jest.fn();
    configureRequest({ onUnauthorized });
    setServiceToken('tok-1');
    fetchMock.mockResolvedValueOnce(json({ errorMessage: 'Invalid username or password' }, 401));

    await expect(request({ method: 'POST', url: 'api/signin', data: {} })).resolves.toEqual({ errorMessage: 'Invalid username or password' });
    expect(window.localStorage.getItem('serviceToken')).toBe('tok-1');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('navigates to /login by default', async () => {
    // jsdom's location cannot be stubbed; it reports the attempted navigation instead.
    fetchMock.mockResolvedValueOnce(json({ errorMessage: 'x' }, 401));
    await request({ method: 'GET', url: 'api/health' });
    const reported = consoleError.mock.calls.flat().map((arg) => String(arg?.message ?? arg));
    expect(reported.some((text) => text.includes('navigation'))).toBe(true);
  });
});

describe('request: loading counter', () => {
  it('counts requests in flight and returns to zero', async () => {
    let release!: (r: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    fetchMock.mockImplementationOnce(async () => json({}));

    const first = request({ method: 'GET', url: 'api/health' });
    expect(loadingStore.getState().count).toBe(1);
    const second = request({ method: 'GET', url: 'api/health' });
    expect(loadingStore.getState().count).toBe(2);
    await second;
    expect(loadingStore.getState().count).toBe(1);
    release(json({}));
    await first;
    expect(loadingStore.getState().count).toBe(0);
  });

  it('falls back to zero after failures too', async () => {
    fetchMock.mockRejectedValueOnce(new Error('down'));
    await request({ method: 'GET', url: 'api/health' });
    fetchMock.mockResolvedValueOnce(json(null));
    await expect(request({ method: 'GET', url: 'api/health' })).rejects.toThrow();
    expect(loadingStore.getState().count).toBe(0);
  });

  it('leaves requests started in the background off the counter, and only those', async () => {
    let release!: (r: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    const poll = inBackground(() => request({ method: 'GET', url: 'api/health' }));
    expect(loadingStore.getState().count).toBe(0);
    const visible = request({ method: 'GET', url: 'api/health' });
    expect(loadingStore.getState().count).toBe(1);
    await visible;
    release(json({}));
    await expect(poll).resolves.toEqual({});
    expect(loadingStore.getState().count).toBe(0);
  });

  it('never goes below zero', () => {
    loadingStore.getState().stop();
    loadingStore.getState().stop();
    expect(loadingStore.getState().count).toBe(0);
    loadingStore.getState().start();
    expect(loadingStore.getState().count).toBe(1);
  });
});
