import { grantedRoles } from './granted-roles';

const jwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('grantedRoles', () => {
  it("reads an app-only token's roles claim", () => {
    expect(grantedRoles(jwt({ roles: ['Mail.ReadWrite', 'User.Read.All'] }))).toEqual(['Mail.ReadWrite', 'User.Read.All']);
  });
  it('says none for a token without roles (nothing granted), unknown for one it cannot read', () => {
    expect(grantedRoles(jwt({ tid: 'x' }))).toEqual([]);
    expect(grantedRoles('opaque-token')).toBeNull();
    expect(grantedRoles('a.!!!.b')).toBeNull();
    expect(grantedRoles(jwt({ roles: 'Mail.ReadWrite' }))).toBeNull();
  });
});
