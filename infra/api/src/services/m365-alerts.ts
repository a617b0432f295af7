import type { Queryable } from '@portal/db';
import { raiseUniqueAlert, resolveOpenAlertsOf } from '../repositories/alerts-repository';
import { runSerially } from './serial-task';

// M365 connection alerts. Lost consent is raised and resolved by migration 091's trigger
// on what the engine records (infra/engine/src/tenant-access.ts); the expiring app secret is checked
// here, periodically, from the expiry date the user entered for the tenant.

/** Alert when the secret expires within this many days... */
export const SECRET_EXPIRY_WARNING_DAYS = 30;
/** ...and make it critical within this many days (or when already expired). */
export const SECRET_EXPIRY_CRITICAL_DAYS = 7;
/** How often API processes run the check (also once on start). */
export const SECRET_CHECK_EVERY_MS = 60 * 60 * 1000;

export const secretAlertSource = (tenantRowId: string) => `m365:secret:${tenantRowId}`;
/** Written by migration 091's trigger; named here for code that settles it by hand. */
export const consentAlertSource = (tenantRowId: string) => `m365:consent:${tenantRowId}`;

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

function secretMessage(name: string, expires: string, daysLeft: number): string {
  const when = daysLeft < 0 ? `expired on ${expires}` : daysLeft === 0 ? `expires today (${expires})` : `expires on ${expires} (in ${daysLeft} days)`;
  return `The app secret of Microsoft 365 tenant "${name}" ${when}. Create a new client secret in Entra ID, then enter it and its expiry date in the tenant's settings; backups stop when the secret expires.`;
}

/**
 * Raises `m365:secret:<tenant>` for tenants whose secret expires within SECRET_EXPIRY_WARNING_DAYS,
 * once per tenant and expiry date: the claim (secret_alerted_for = the date) is one statement, so
 * two API processes checking at once raise it once. Returns how many alerts were raised.
 */
export function checkSecretExpiry(db: Queryable, now: Date = new Date()): Promise<number> {
  return runSerially(db, 'secret-expiry', async () => {
    const today = utcDay(now);
    const { rows } = await db.query<{ id: string; name: string; organisation_id: string; expires: string }>(
      `update backup_tenants set secret_alerted_for = secret_expires_at
        where secret_expires_at is not null and secret_expires_at <= $1::date + $2::int
          and secret_alerted_for is distinct from secret_expires_at
        returning id::text as id, name, organisation_id::text as organisation_id, secret_expires_at::text as expires`,
      [today, SECRET_EXPIRY_WARNING_DAYS],
    );
    let raised = 0;
    for (const tenant of rows) {
      const daysLeft = Math.round((Date.parse(`${tenant.expires}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
      const severity = daysLeft <= SECRET_EXPIRY_CRITICAL_DAYS ? 'critical' : 'warning';
      if (await raiseUniqueAlert(db, { severity, source: secretAlertSource(tenant.id), message: secretMessage(tenant.name, tenant.expires, daysLeft), organisationId: tenant.organisation_id })) raised += 1;
    }
    return raised;
  });
}

/** A new expiry date (a new secret) settles the alert about the old one; the check judges the new date. */
export async function resolveSecretAlert(db: Queryable, tenantRowId: string): Promise<void> {
  await resolveOpenAlertsOf(db, secretAlertSource(tenantRowId));
}

/** The tenant is gone (disconnected): the trigger never sees a later success, so settle it here. */
export async function resolveConsentAlert(db: Queryable, tenantRowId: string): Promise<void> {
  await resolveOpenAlertsOf(db, consentAlertSource(tenantRowId));
}
