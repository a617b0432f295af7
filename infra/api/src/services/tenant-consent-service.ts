import crypto from 'node:crypto';
import {
  BACKUP_MESSAGES,
  TENANT_CONSENT_MESSAGES,
  TENANT_CONSENT_TTL_MINUTES,
  type StartTenantConsentRequest,
  type TenantConsentCallbackQuery,
  type TenantConsentOutcome,
} from '@portal/contracts';
import { insertTenant, tenantCredentials, testTenantRow, updateTenantCredentials, type Engine, type TenantRow } from '@portal/engine';
import type { Db } from '@portal/db';
import { findOrganisationById, isInSubtree } from '../repositories/organisations-repository';
import type { AuthContext } from './identity-service';
import { HttpError } from './errors';
import { recordAudit } from './audit-service';
import { findUserById } from '../repositories/users-repository';

/** The provider's multi-tenant app registration (M365_APP_*): what a consented tenant is reached with. */
export interface ConsentApp {
  clientId: string;
  clientSecret: string;
  authorityUrl: string;
  graphBaseUrl: string;
}

export interface TenantConsentDeps {
  db: Db;
  engine: Engine;
  /** Unset: Connect with Microsoft is off and only typed credentials connect a tenant. */
  app?: ConsentApp;
}

/** The cookie that ties a started flow to the browser that started it (its value is never stored, only its hash). */
export const CONSENT_BINDING_COOKIE = 'portal_consent_binding';
/** Application permissions are asked for with Graph's static scope (Learn: "you must use the /.default value"). */
const GRAPH_DEFAULT_SCOPE = 'https://graph.microsoft.com/.default';
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CUSTOMER_KINDS = new Set(['CUSTOMER', 'DIRECTCUSTOMER']);

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const badRequest = (message: string) => new HttpError(400, message);

/** The customer organisation the flow is for: the caller's own, or (partner, ADMIN) a customer below it. */
async function targetOrganisation(db: Db, auth: AuthContext, requested: string | undefined): Promise<string> {
  if (CUSTOMER_KINDS.has(auth.role)) {
    if (requested && requested !== auth.organisationId) throw badRequest(TENANT_CONSENT_MESSAGES.organisationNotCustomer);
    return auth.organisationId;
  }
  if (!requested) throw badRequest(TENANT_CONSENT_MESSAGES.organisationRequired);
  const organisation = await findOrganisationById(db, requested);
  // Outside the caller's subtree, or not a customer: answered like an unknown id.
  if (!organisation || !CUSTOMER_KINDS.has(organisation.kind) || !(await isInSubtree(db, auth.organisationId, requested))) {
    throw badRequest(TENANT_CONSENT_MESSAGES.organisationNotCustomer);
  }
  return requested;
}

/**
 * Starts the flow: a random state (stored as its hash, bound to the organisation, the user and this
 * browser's binding cookie, good once for 10 minutes) and Microsoft's admin consent URL carrying it.
 */
export async function startConsent(deps: TenantConsentDeps, auth: AuthContext, body: StartTenantConsentRequest, redirectUri: string, existingBinding?: string) {
  const { app } = deps;
  if (!app) throw new HttpError(409, TENANT_CONSENT_MESSAGES.notConfigured);
  if (!deps.engine.outbound.allows(app.authorityUrl, 'signin')) throw new HttpError(409, BACKUP_MESSAGES.authorityUrlNotAllowed);
  const organisationId = await targetOrganisation(deps.db, auth, body.organisationId);
  const state = crypto.randomBytes(32).toString('base64url');
  // A browser that already has a binding keeps it, so two flows started in two tabs both stay valid.
  const binding = existingBinding ?? crypto.randomBytes(32).toString('base64url');
  // Answers older than a day are no longer worth telling apart ("used", "expired" versus unknown).
  await deps.db.query(`delete from tenant_consent_states where expires_at < now() - interval '1 day'`);
  await deps.db.query(
    `insert into tenant_consent_states (state_hash, binding_hash, organisation_id, user_id, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [sha256(state), sha256(binding), organisationId, auth.userId, TENANT_CONSENT_TTL_MINUTES],
  );
  // `organizations`: the administrator signs in to whichever tenant is theirs; its id comes back.
  const url = new URL(`${app.authorityUrl.replace(/\/+$/, '')}/organizations/v2.0/adminconsent`);
  url.search = new URLSearchParams({ client_id: app.clientId, scope: GRAPH_DEFAULT_SCOPE, redirect_uri: redirectUri, state }).toString();
  return { url: url.toString(), binding, organisationId };
}

interface StateRow {
  binding_hash: string;
  organisation_id: string;
  user_id: string;
  role: string;
  used_at: Date | null;
  expired: boolean;
}

/** Who started the flow, which decides the page the browser goes back to: a customer's own, or the manager's. */
export type ConsentStarter = 'customer' | 'manager';
const starterOf = (role: string): ConsentStarter => (CUSTOMER_KINDS.has(role) ? 'customer' : 'manager');

/** Uses the state up if it is this browser's, unused and in time; otherwise the outcome that says why not. */
async function consumeState(
  db: Db,
  state: string | undefined,
  binding: string | undefined,
): Promise<{ organisationId: string; userId: string; starter: ConsentStarter } | { outcome: TenantConsentOutcome; starter?: ConsentStarter }> {
  if (!state || !binding) return { outcome: 'invalid' };
  const { rows } = await db.query<StateRow>(
    `select s.binding_hash, s.organisation_id, s.user_id, u.role, s.used_at, s.expires_at <= now() as expired
       from tenant_consent_states s join users u on u.id = s.user_id where s.state_hash = $1`,
    [sha256(state)],
  );
  const row = rows[0];
  // Another browser's state says nothing about who started it.
  if (!row || row.binding_hash !== sha256(binding)) return { outcome: 'invalid' };
  const starter = starterOf(row.role);
  if (row.used_at) return { outcome: 'used', starter };
  if (row.expired) return { outcome: 'expired', starter };
  // The update decides between two answers racing with the same state: one wins, the other is "used".
  const { rows: won } = await db.query('update tenant_consent_states set used_at = now() where state_hash = $1 and used_at is null returning state_hash', [sha256(state)]);
  return won.length ? { organisationId: row.organisation_id, userId: row.user_id, starter } : { outcome: 'used', starter };
}

/** Records the consented tenant with the provider's app (or moves an already connected one onto it). */
async function recordTenant(deps: TenantConsentDeps & { app: ConsentApp }, organisationId: string, tenantId: string): Promise<{ row: TenantRow; created: boolean }> {
  const { app, db, engine } = deps;
  const credentials = { tenantId, clientId: app.clientId, clientSecret: app.clientSecret, graphBaseUrl: app.graphBaseUrl, authorityUrl: app.authorityUrl };
  const { rows } = await db.query<TenantRow>('select * from backup_tenants where organisation_id = $1 and lower(tenant_id) = $2 order by created_at limit 1', [organisationId, tenantId]);
  if (rows[0]) {
    const updated = await updateTenantCredentials(db, engine.masterSecret, rows[0], credentials);
    await db.query(`update backup_tenants set connected_via = 'consent' where id = $1`, [updated.id]);
    return { row: updated, created: false };
  }
  const row = await insertTenant(db, engine.masterSecret, { organisationId, name: `Microsoft 365 tenant ${tenantId}`, credentials, connectedVia: 'consent' });
  return { row, created: true };
}

/**
 * Consented tenants are reached with the provider's app, whose secret (and endpoints) the settings
 * hold: when the provider rotates the secret, every tenant consented to that app follows at the next
 * start, so a rotation needs no re-consent by every customer. A tenant of another client id (an
 * earlier app registration) keeps what it has, since consent is given per app; a tenant whose
 * credentials were typed in is never touched. Returns how many tenants changed.
 */
export async function followProviderApp(db: Db, masterSecret: string, app: ConsentApp): Promise<number> {
  const { rows } = await db.query<TenantRow>(`select * from backup_tenants where connected_via = 'consent' and client_id = $1`, [app.clientId]);
  let changed = 0;
  for (const row of rows) {
    const current = tenantCredentials(masterSecret, row);
    if (current.clientSecret === app.clientSecret && current.authorityUrl === app.authorityUrl && current.graphBaseUrl === app.graphBaseUrl) continue;
    // Marked untested by the change: its next connection test records whether the new secret works.
    await updateTenantCredentials(db, masterSecret, row, { clientSecret: app.clientSecret, authorityUrl: app.authorityUrl, graphBaseUrl: app.graphBaseUrl });
    changed++;
  }
  return changed;
}

/**
 * Microsoft's redirect: checks the state, then the answer; records the tenant and tests its connection
 * at once. Every failure is an outcome for the page, never an error status (a browser is waiting).
 */
export async function finishConsent(deps: TenantConsentDeps, query: TenantConsentCallbackQuery, binding: string | undefined, ip?: string): Promise<{ outcome: TenantConsentOutcome; tenantId?: string; starter?: ConsentStarter }> {
  const { app } = deps;
  if (!app) return { outcome: 'unavailable' };
  const started = await consumeState(deps.db, query.state, binding);
  if ('outcome' in started) return started;
  const { starter } = started;
  if (query.error) return { outcome: query.error === 'access_denied' ? 'denied' : 'microsoft-error', starter };
  if (query.admin_consent?.toLowerCase() !== 'true') return { outcome: 'microsoft-error', starter };
  if (!query.tenant || !GUID.test(query.tenant)) return { outcome: 'bad-tenant', starter };
  const tenantId = query.tenant.toLowerCase();
  const { row, created } = await recordTenant({ ...deps, app }, started.organisationId, tenantId);
  const result = await testTenantRow(deps.db, deps.engine.masterSecret, deps.engine.graphFactory, row);
  // A new tenant is named after the organisation Graph reports; a known one keeps the name its users gave it.
  if (result.ok && created) await deps.db.query('update backup_tenants set name = $2 where id = $1', [row.id, result.organizationName]);
  const actor = await findUserById(deps.db, started.userId);
  await recordAudit(deps.db, {
    organisationId: started.organisationId,
    actorId: started.userId,
    actorName: actor?.username ?? null,
    action: 'tenant.connected',
    target: result.ok ? result.organizationName : row.name,
    ip: ip ?? null,
    detail: { tenantId, via: 'consent', tested: result.ok },
  });
  return { outcome: result.ok ? 'connected' : 'test-failed', tenantId: row.id, starter };
}
