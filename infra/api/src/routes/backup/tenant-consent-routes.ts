import { paths } from '@portal/config';
import { TENANT_CONSENT_TTL_MINUTES } from '@portal/contracts';
import { backupEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import * as consent from '../../services/tenant-consent-service';
import { auditRequest } from '../audit-request';

const BINDING = /^[A-Za-z0-9_-]{43}$/;

function bindingCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === consent.CONSENT_BINDING_COOKIE && value && BINDING.test(value)) return value;
  }
  return undefined;
}

/**
 * Connect with Microsoft (issue 22): start (Microsoft's admin consent URL) and the callback Microsoft
 * redirects the browser to. The callback's Location is always one of this portal's own pages (the
 * backup page, or user management for a partner or ADMIN) with an outcome code, whatever the query
 * says: no open redirect.
 */
export async function tenantConsentRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  const svc: consent.TenantConsentDeps = { db: deps.db, engine: deps.engine, app: deps.consentApp };
  const prefix = app.prefix;
  const callbackPath = `${prefix}${ep.tenantConsentCallback.path}`;
  // The redirect URI registered with the app: on the public origin when configured, else the one the browser used.
  const redirectUri = (request: FastifyRequest) => `${(deps.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '')}${callbackPath}`;

  registerEndpoint(app, ep.startTenantConsent, async ({ auth, body, request, reply }) => {
    const started = await consent.startConsent(svc, auth, body, redirectUri(request), bindingCookie(request));
    // Lax: sent on Microsoft's top-level redirect back; the path (the start's, a prefix of the callback's) keeps it off every other request.
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${consent.CONSENT_BINDING_COOKIE}=${started.binding}; Path=${prefix}${ep.startTenantConsent.path}; Max-Age=${TENANT_CONSENT_TTL_MINUTES * 60}; HttpOnly; SameSite=Lax${secure}`,
    );
    await auditRequest(deps.db, request, { action: 'tenant.consent_started', organisationId: started.organisationId });
    return { url: started.url };
  });
  registerEndpoint(app, ep.tenantConsentCallback, async ({ query, request, reply }) => {
    // A browser is waiting on this redirect: even our own failure sends it back with an outcome, not a 500 page.
    const { outcome, tenantId, starter } = await consent.finishConsent(svc, query, bindingCookie(request), request.ip).catch((error: unknown) => {
      request.log.error({ err: error }, 'admin consent callback failed');
      return { outcome: 'failed' as const, tenantId: undefined, starter: undefined };
    });
    if (query.error) request.log.info({ error: query.error, subcode: query.error_subcode, description: query.error_description?.slice(0, 300) }, 'admin consent refused at Microsoft');
    const target = new URLSearchParams({ consent: outcome, ...(tenantId ? { tenant: tenantId } : {}) });
    // A partner or ADMIN started it for a customer: back to the page they manage customers on.
    const page = starter === 'manager' ? paths.userManagement : paths.backup;
    return reply.header('cache-control', 'no-store').redirect(`${page}?${target.toString()}`, 303);
  });
}
