import { codeMatches, generateCode, hashCode, newSalt } from './one-time-code';
import { isCommonPassword, assertAcceptablePassword } from './password-policy';
import { open, seal } from './secret-box';
import { base32Decode, base32Encode, hotp, matchTotp, totp } from './totp';
import fs from 'node:fs';
import { COMMON_PASSWORDS_FILE } from './password-policy';

const SECRET = 'a-server-secret-that-is-long-enough-0123456789';

describe('TOTP (RFC 6238, SHA-1, 30 s, 6 digits)', () => {
  // RFC 6238 appendix B vectors (8 digits there; the last 6 are the 6-digit values).
  const key = Buffer.from('12345678901234567890');
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('gives the RFC value at %i s', (seconds, code) => {
    expect(totp(key, seconds * 1000)).toBe(code);
  });

  it('accepts one step either side and nothing further', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(key, hotp(key, step), now)).toBe(step);
    expect(matchTotp(key, hotp(key, step - 1), now)).toBe(step - 1);
    expect(matchTotp(key, hotp(key, step + 1), now)).toBe(step + 1);
    expect(matchTotp(key, hotp(key, step - 2), now)).toBeUndefined();
    expect(matchTotp(key, 'abcdef', now)).toBeUndefined();
  });

  it('round-trips base32', () => {
    expect(base32Encode(Buffer.from('12345678901234567890'))).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq').toString()).toBe('12345678901234567890');
  });
});

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed only with the same secret and context', () => {
    const sealed = seal(SECRET, Buffer.from('totp-seed'), 'user-1');
    expect(sealed).toMatch(/^v1:/);
    expect(open(SECRET, sealed, 'user-1').toString()).toBe('totp-seed');
    expect(() => open(SECRET, sealed, 'user-2')).toThrow();
    expect(() => open(`${SECRET}x`, sealed, 'user-1')).toThrow();
    expect(seal(SECRET, Buffer.from('totp-seed'), 'user-1')).not.toBe(sealed);
  });
});

describe('one-time codes', () => {
  it('are six digits and stored as salted HMACs', () => {
    for (let i = 0; i < 50; i += 1) expect(generateCode()).toMatch(/^\d{6}$/);
    const salt = newSalt();
    const hash = hashCode(SECRET, salt, '123456');
    expect(hash).not.toContain('123456');
    expect(hashCode(SECRET, newSalt(), '123456')).not.toBe(hash);
    expect(codeMatches(SECRET, salt, hash, '123456')).toBe(true);
    expect(codeMatches(SECRET, salt, hash, '123457')).toBe(false);
    expect(codeMatches(`${SECRET}x`, salt, hash, '123456')).toBe(false);
  });
});

describe('common passwords', () => {
  it('ships a list of thousands and checks it case-insensitively', () => {
    const lines = fs.readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(5000);
    expect(isCommonPassword('PassWord123')).toBe(true);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('Portal#2026')).toBe(false);
    expect(() => assertAcceptablePassword('P@ssw0rd')).toThrow('This password is too common. Choose a less common password.');
    expect(() => assertAcceptablePassword('Copper#Lantern58')).not.toThrow();
  });
});
