import crypto from 'node:crypto';
import { REQUIRED_GRAPH_PERMISSIONS } from '@portal/config';
import { findTenantRow, updateTenantCredentials } from '@portal/engine';
import type { BackupDeps } from '../services/backup-service';
import { connectTenant, createSet } from '../services/backup-service';
import type { AuthContext } from '../services/identity-service';
import type { ConsentApp } from '../services/tenant-consent-service';

/** The emulator's tenant is generated from this seed, so every start serves the same demo data. */
export const DEMO_EMULATOR_SEED = 'portal-demo';
/** The demo's stand-in for the provider's multi-tenant app, when the portal has no real one (M365_APP_*). */
export const DEMO_PROVIDER_APP_ID = 'd3e00000-0000-4000-8000-00000000c0de';

/**
 * Demo backups: starts the M365 emulator in-process on loopback and connects the demo customer to it
 * through the same code paths a customer uses (connection test, sealed credentials, a backup set,
 * a first backup job). Marked demo. On later starts the emulator gets a new port, so the stored
 * Graph URLs (tenant and delta checkpoints) are pointed at it. Returns a function that stops it.
 */
export async function seedDemoBackups(
  deps: BackupDeps,
  options: { size?: number; log?: (message: string) => void; withProviderApp?: boolean } = {},
): Promise<{ stop: () => Promise<void>; consentApp?: ConsentApp }> {
  const { rows: users } = await deps.db.query<{ id: string; organisation_id: string }>(
    `select id, organisation_id from users where demo and lower(username) = 'customer' limit 1`,
  );
  const customer = users[0];
  if (!customer) return { stop: async () => undefined };
  const { startEmulator } = await import('@portal/m365-emulator');
  // Connect with Microsoft works in the demo too: its emulator knows a provider app that asks for every required permission.
  const providerApp = options.withProviderApp
    ? { clientId: DEMO_PROVIDER_APP_ID, clientSecret: crypto.randomBytes(24).toString('base64url'), roles: REQUIRED_GRAPH_PERMISSIONS.map((p) => p.name), displayName: 'Cloud Backup (demo)' }
    : undefined;
  const emulator = await startEmulator({ seed: DEMO_EMULATOR_SEED, size: options.size, host: '127.0.0.1', providerApp });
  // The server started this emulator itself, so its engine may call exactly it (and nothing else on loopback).
  deps.engine.outbound.allowOrigin(new URL(emulator.url).origin, '127.0.0.1/32');
  try {
    const auth: AuthContext = { userId: customer.id, sessionId: 'demo-seed', role: 'CUSTOMER', organisationId: customer.organisation_id, access: 'full', mfaPending: false, mfaAttempts: 0 };
    const { rows: existing } = await deps.db.query<{ id: string; graph_base_url: string; authority_url: string | null }>(
      'select id, graph_base_url, authority_url from backup_tenants where organisation_id = $1 and demo order by created_at limit 1',
      [customer.organisation_id],
    );
    if (existing[0]) {
      const row = (await findTenantRow(deps.db, existing[0].id))!;
      const oldOrigin = new URL(row.graph_base_url).origin;
      await updateTenantCredentials(deps.db, deps.engine.masterSecret, row, {
        clientId: emulator.clientId,
        clientSecret: emulator.clientSecret,
        graphBaseUrl: emulator.url,
        authorityUrl: emulator.authorityUrl,
      });
      // Consent given in an earlier run lived in that emulator's memory: the tenant is back on the emulator's own app.
      await deps.db.query(`update backup_tenants set status = 'connected', last_tested_at = now(), connected_via = 'credentials' where id = $1`, [row.id]);
      const newOrigin = new URL(emulator.url).origin;
      if (oldOrigin !== newOrigin) {
        await deps.db.query(
          `update backup_checkpoints c set link = replace(link, $2, $3)
             from backup_objects o join backup_sets s on s.id = o.set_id
            where c.object_id = o.id and s.tenant_id = $1 and c.link like $4`,
          [row.id, oldOrigin, newOrigin, `${oldOrigin}%`],
        );
      }
      options.log?.(`demo M365 tenant re-attached to the emulator at ${emulator.url}`);
    } else {
      const tenant = await connectTenant(
        deps,
        auth,
        { name: `${emulator.organizationName} (demo)`, ...emulator.credentials },
        { demo: true },
      );
      const set = await createSet(
        deps,
        auth,
        {
          name: 'Demo Microsoft 365',
          tenantId: tenant.id,
          type: 'm365',
          scope: { mode: 'all' },
          services: ['mail', 'calendar', 'contacts', 'onedrive', 'sharepoint', 'teams'],
          schedule: { frequency: 'daily', time: '02:00', dayOfWeek: 0 },
          retention: { days: 30 },
        },
        { demo: true },
      );
      await deps.engine.startBackup(set.id);
      options.log?.(`demo M365 tenant connected to the emulator at ${emulator.url}`);
    }
  } catch (error) {
    await emulator.stop();
    throw error;
  }
  const consentApp = providerApp && { clientId: providerApp.clientId, clientSecret: providerApp.clientSecret, authorityUrl: emulator.authorityUrl, graphBaseUrl: emulator.url };
  return { stop: () => emulator.stop(), consentApp };
}
