import { signAccessToken, TokenError, verifyAccessToken } from './jwt';

const SECRET = 'unit-test-secret-unit-test-secret-0123';
const claims = { sub: 'u1', sid: 's1', role: 'CUSTOMER' as const, iat: 1000, exp: 2000 };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof TokenError ? error.reason : 'other';
  }
  return 'accepted';
};

describe('HS256 access tokens', () => {
  it('round-trips the claims while unexpired', () => {
    expect(verifyAccessToken(signAccessToken(claims, SECRET), SECRET, 1500)).toEqual(claims);
  });

  it('rejects expiry, other algorithms, tampering and wrong secrets', () => {
    const token = signAccessToken(claims, SECRET);
    const [, payload, signature] = token.split('.');
    expect(reason(() => verifyAccessToken(token, SECRET, 2000))).toBe('expired');
    expect(reason(() => verifyAccessToken(`${b64({ alg: 'none' })}.${payload}.`, SECRET, 1500))).toBe('algorithm');
    expect(reason(() => verifyAccessToken(`${b64({ alg: 'RS256' })}.${payload}.${signature}`, SECRET, 1500))).toBe('algorithm');
    expect(reason(() => verifyAccessToken(`${token.split('.')[0]}.${b64({ ...claims, role: 'ADMIN' })}.${signature}`, SECRET, 1500))).toBe('signature');
    expect(reason(() => verifyAccessToken(token, `${SECRET}x`, 1500))).toBe('signature');
    expect(reason(() => verifyAccessToken('a.b', SECRET, 1500))).toBe('malformed');
    const badRole = signAccessToken({ ...claims, role: 'ROOT' as never }, SECRET);
    expect(reason(() => verifyAccessToken(badRole, SECRET, 1500))).toBe('claims');
  });
});
