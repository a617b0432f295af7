import {
  errorResponseSchema,
  healthSchema,
  profileSchema,
  remoteReleaseSchema,
  remotesRegistrySchema,
  roleSchema,
  signinRequestSchema,
  signinResponseSchema,
  userIdParamsSchema,
} from './index';

describe('@portal/contracts schemas', () => {
  it('knows exactly the five roles', () => {
    expect(roleSchema.options).toEqual(['ADMIN', 'PARTNER', 'DIRECTPARTNER', 'CUSTOMER', 'DIRECTCUSTOMER']);
    expect(roleSchema.safeParse('ROOT').success).toBe(false);
  });

  it('validates sign-in requests with the spec message template', () => {
    expect(signinRequestSchema.parse({ username: 'admin', password: 'x', extra: 1 })).toEqual({ username: 'admin', password: 'x' });
    const result = signinRequestSchema.safeParse({ password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['username is a required field', 'password is a required field']);
  });

  it('requires every login field in the sign-in response', () => {
    const ok = { accessToken: 't', userId: 'u', mfa: false, role: 'ADMIN', email: 'e', firstName: 'f', lastName: 'l', username: 'n' };
    expect(signinResponseSchema.parse(ok)).toEqual(ok);
    expect(signinResponseSchema.safeParse({ ...ok, mfa: undefined }).success).toBe(false);
  });

  it('allows a null profile image and requires the organisation name', () => {
    const profile = { userId: 'u', username: 'n', email: 'e', firstName: 'f', lastName: 'l', role: 'CUSTOMER', profileImageUrl: null, organisationName: 'o' };
    expect(profileSchema.parse(profile)).toEqual(profile);
    expect(profileSchema.safeParse({ ...profile, organisationName: undefined }).success).toBe(false);
  });

  it('accepts uuids only as user id params', () => {
    expect(userIdParamsSchema.safeParse({ userId: '7b0c2a51-3f4e-4d7a-9c1e-2a3b4c5d6e7f' }).success).toBe(true);
    expect(userIdParamsSchema.safeParse({ userId: '1 or 1=1' }).success).toBe(false);
  });

  it('describes health and errors', () => {
    expect(errorResponseSchema.safeParse({ errorMessage: 'x' }).success).toBe(true);
    const health = {
      status: 'degraded',
      checkedAt: '2026-01-01T00:00:00.000Z',
      api: { status: 'ok', version: '1.0.0', uptimeSeconds: 3 },
      database: { status: 'down', driver: 'postgres', latencyMs: null },
      remotes: [{ name: 'support', version: '1.0.0', publishedAt: '2026-01-01T00:00:00.000Z' }],
    };
    expect(healthSchema.parse(health)).toEqual(health);
    expect(healthSchema.safeParse({ ...health, status: 'fine' }).success).toBe(false);
  });

  it('keeps remote names and versions safe to use in URL paths and demands an SRI hash', () => {
    const release = { name: 'backup_sets', version: '0.1.0-1a2b3c4d', entry: '/remotes/backup_sets/0.1.0-1a2b3c4d/remoteEntry.js', integrity: 'sha384-abc+/=' };
    expect(remotesRegistrySchema.parse({ remotes: [release] })).toEqual({ remotes: [release] });
    expect(remoteReleaseSchema.safeParse({ ...release, version: '../x' }).success).toBe(false);
    expect(remoteReleaseSchema.safeParse({ ...release, version: '1..2' }).success).toBe(false);
    expect(remoteReleaseSchema.safeParse({ ...release, name: 'Support/..' }).success).toBe(false);
    expect(remoteReleaseSchema.safeParse({ ...release, integrity: 'md5-abc' }).success).toBe(false);
  });
});
