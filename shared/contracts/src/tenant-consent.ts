import { z } from 'zod';
import { idField } from './paging';
import { storableString } from './storable';

// "Connect with Microsoft" (issue 22): the admin consent flow of the provider's multi-tenant app.
// The API starts it (a state bound to the organisation, the user and the browser) and Microsoft's
// redirect ends at the callback, which records the tenant and sends the browser back to the page
// with one of the outcomes below: a code, never text from the URL, so nobody can put words on it.

/** How long a started flow may take before its state is refused. */
export const TENANT_CONSENT_TTL_MINUTES = 10;

/** A customer starts it for itself (no organisationId); a partner or ADMIN names a customer below it. */
export const startTenantConsentRequestSchema = z.object({ organisationId: idField('organisationId').optional() });
export type StartTenantConsentRequest = z.infer<typeof startTenantConsentRequestSchema>;

/** Microsoft's admin consent URL the browser goes to. */
export const tenantConsentStartSchema = z.object({ url: storableString() });
export type TenantConsentStart = z.infer<typeof tenantConsentStartSchema>;

// An overlong value counts as absent: the browser still gets its redirect, not a 400.
const callbackValue = z.string().max(2000).optional().catch(undefined);
/** What Microsoft's redirect carries (Learn, "Admin consent on the Microsoft identity platform"); all optional: the callback judges. */
export const tenantConsentCallbackQuerySchema = z.object({
  state: callbackValue,
  admin_consent: callbackValue,
  tenant: callbackValue,
  scope: callbackValue,
  error: callbackValue,
  error_subcode: callbackValue,
  error_description: callbackValue,
});
export type TenantConsentCallbackQuery = z.infer<typeof tenantConsentCallbackQuerySchema>;

/** The outcome codes the callback redirects with (`?consent=<code>`), what the page says for each, and how. */
export const TENANT_CONSENT_OUTCOMES = Object.freeze({
  connected: { severity: 'success', message: 'Connected with Microsoft: the tenant is recorded and its connection works.' },
  'test-failed': {
    severity: 'warning',
    message: 'The tenant is recorded, but its connection test failed. Microsoft can take a few minutes to apply a new consent; test it again shortly.',
  },
  denied: { severity: 'error', message: 'The administrator declined the permissions at Microsoft, so no tenant was connected.' },
  'microsoft-error': {
    severity: 'error',
    message: 'Microsoft refused the consent request, so no tenant was connected. Try again, or ask your Microsoft 365 global administrator.',
  },
  expired: { severity: 'error', message: `This Connect with Microsoft answer came after ${TENANT_CONSENT_TTL_MINUTES} minutes and has expired. Start again.` },
  used: { severity: 'error', message: 'This Connect with Microsoft answer was already used. Start again to connect another tenant.' },
  invalid: { severity: 'error', message: 'This Connect with Microsoft answer does not belong to a flow started in this browser. Start again.' },
  'bad-tenant': { severity: 'error', message: 'Microsoft answered without a valid tenant ID, so no tenant was connected.' },
  unavailable: { severity: 'error', message: 'Connect with Microsoft is not set up on this portal. Enter the app credentials instead.' },
  failed: { severity: 'error', message: 'The tenant could not be recorded because of a problem on our side. Start again in a moment.' },
} as const);
export type TenantConsentOutcome = keyof typeof TENANT_CONSENT_OUTCOMES;
export const isTenantConsentOutcome = (value: unknown): value is TenantConsentOutcome =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(TENANT_CONSENT_OUTCOMES, value);

export const TENANT_CONSENT_MESSAGES = Object.freeze({
  notConfigured: 'Connect with Microsoft is not set up on this portal',
  organisationRequired: 'organisationId: Choose the customer to connect a tenant for',
  organisationNotCustomer: 'organisationId: Organisation not found',
});
