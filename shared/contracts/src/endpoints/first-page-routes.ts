import { publicAccess, sessionAccess, withApiKeys, type EndpointRoute } from '../endpoint';

/** A route about the caller's own account: the path's userId must be theirs (anyone else's answers 404). */
export const selfAccess = { kind: 'session', self: 'params' } as const;

/**
 * Method, path and access of the endpoints the host's first pages call (sign-in and sign-out, the
 * footer's version, the maintenance notice, the profile and branding loaded right after sign-in, the
 * dashboard's summary, the remote reports), without their schemas: their descriptors spread these, so
 * each URL is still written once, and the sign-in page and the dashboard call them
 * (first-page-calls.ts) without loading zod.
 */
export const firstPageRoutes = {
  signin: { method: 'POST', path: '/api/signin', access: publicAccess },
  signout: { method: 'POST', path: '/api/users/:userId/signout', access: selfAccess },
  getDashboardSummary: { method: 'GET', path: '/api/dashboard', access: withApiKeys(sessionAccess) },
  getPlatformVersion: { method: 'GET', path: '/platform/version', access: publicAccess },
  getAccountProfile: { method: 'GET', path: '/api/users/:userId/profile', access: selfAccess },
  getWhitelabel: { method: 'GET', path: '/api/users/:userId/whitelabel', access: selfAccess },
  getPublicMaintenance: { method: 'GET', path: '/api/platform/maintenance', access: publicAccess },
  reportRemoteFailure: { method: 'POST', path: '/api/remotes/:name/failures', access: sessionAccess },
  reportRemoteLoad: { method: 'POST', path: '/api/remotes/:name/loads', access: sessionAccess },
} as const satisfies Record<string, EndpointRoute>;
