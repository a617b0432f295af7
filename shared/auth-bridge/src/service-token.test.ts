import { clearServiceToken, getServiceToken, isValidToken, setServiceToken } from './service-token';
import { makeToken } from './testing/test-tokens';

const NOW_MS = 1_700_000_000_000;
const NOW_S = NOW_MS / 1000;

describe('isValidToken', () => {
  it('accepts an exp in the future', () => {
    expect(isValidToken(makeToken({ exp: NOW_S + 60 }), NOW_MS)).toBe(true);
  });

  it('compares in seconds, not milliseconds', () => {
    expect(isValidToken(makeToken({ exp: NOW_S + 1 }), NOW_MS)).toBe(true);
    expect(isValidToken(makeToken({ exp: NOW_S + 1 }), NOW_MS + 1000)).toBe(false);
  });

  it('rejects exp equal to now', () => {
    expect(isValidToken(makeToken({ exp: NOW_S }), NOW_MS)).toBe(false);
  });

  it('rejects an exp in the past', () => {
    expect(isValidToken(makeToken({ exp: NOW_S - 1 }), NOW_MS)).toBe(false);
  });

  it('rejects a token without exp', () => {
    expect(isValidToken(makeToken({ sub: 'u1' }), NOW_MS)).toBe(false);
  });

  it('rejects a non-numeric exp', () => {
    expect(isValidToken(makeToken({ exp: String(NOW_S + 60) }), NOW_MS)).toBe(false);
  });

  it.each([['garbage'], ['a.b.c'], [''], [null], [undefined]])('rejects %p', (token) => {
    expect(isValidToken(token as string, NOW_MS)).toBe(false);
  });

  it('defaults now to Date.now()', () => {
    const nowS = Math.floor(Date.now() / 1000);
    expect(isValidToken(makeToken({ exp: nowS + 3600 }))).toBe(true);
    expect(isValidToken(makeToken({ exp: nowS - 3600 }))).toBe(false);
  });
});

describe('service token storage', () => {
  beforeEach(() => window.localStorage.clear());

  it('stores the token in localStorage under serviceToken', () => {
    expect(getServiceToken()).toBeNull();
    setServiceToken('t1');
    expect(window.localStorage.getItem('serviceToken')).toBe('t1');
    expect(getServiceToken()).toBe('t1');
    clearServiceToken();
    expect(getServiceToken()).toBeNull();
  });
});

describe('setServiceToken', () => {
  it("stores a new session's token and forgets the shell drawn for the last one, which may be another user's", () => {
    window.localStorage.setItem('portal-shell-snapshot', '{"html":"<nav>Jane</nav>"}');
    setServiceToken('a.b.c');
    expect(getServiceToken()).toBe('a.b.c');
    expect(window.localStorage.getItem('portal-shell-snapshot')).toBeNull();
    clearServiceToken();
  });
});
