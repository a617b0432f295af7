/**
 * The application permissions an app-only Graph access token carries: its `roles` claim, which Entra ID
 * fills with the app roles granted to the app in the tenant (Learn, "Access token claims reference").
 * Learn's other way, listing the service principal's appRoleAssignments, would itself need
 * Application.Read.All; the token is already in hand. null when the token is not a readable JWT
 * (Microsoft may change its format): the permissions are then unknown, not missing.
 */
export function grantedRoles(accessToken: string): string[] | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { roles?: unknown };
    if (claims.roles === undefined) return [];
    return Array.isArray(claims.roles) && claims.roles.every((r) => typeof r === 'string') ? (claims.roles as string[]) : null;
  } catch {
    return null;
  }
}
