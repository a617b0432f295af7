import crypto from 'node:crypto';
import {
  BACKUP_MESSAGES,
  OBJECT_KINDS_BY_SET_TYPE,
  SERVICES_BY_SET_TYPE,
  type BackupSet,
  type BackupSetListQuery,
  type ConnectionTestResult,
  type ConnectTenantRequest,
  type CreateBackupSetRequest,
  type DirectoryEntry,
  type DirectoryQuery,
  type ItemPreview,
  type ItemSearchQuery,
  type ObjectListQuery,
  type Tenant,
  type TreeList,
  type UpdateBackupSetRequest,
  type UpdateTenantRequest,
} from '@portal/contracts';
import {
  BackupAlreadyRunning,
  describeGraphFailure,
  exportEntry,
  insertTenant,
  nextRunAfter,
  queueTenantPurge,
  tenantCredentials,
  testTenantRow,
  updateTenantCredentials,
  type Engine,
  type JobRow,
} from '@portal/engine';
import type { Db } from '@portal/db';
import * as repo from '../repositories/backup-repository';
import type { AuthContext } from './identity-service';
import { HttpError, notFound } from './errors';
import { previewContent } from './backup-preview';
import { checkSecretExpiry, resolveConsentAlert, resolveSecretAlert } from './m365-alerts';

export interface BackupDeps {
  db: Db;
  engine: Engine;
  /** Signs download links. */
  linkSecret: string;
  /** Connect with Microsoft is set up (the provider's app): the tenant list tells the page. */
  consentAvailable?: boolean;
}

const conflict = (message: string) => new HttpError(409, message);
const badRequest = (message: string) => new HttpError(400, message);

// ---- Tenants ----

export async function listTenants(deps: BackupDeps, auth: AuthContext) {
  return { items: await repo.tenantsOf(deps.db, auth.organisationId), consentAvailable: deps.consentAvailable === true };
}

export async function getTenant(deps: BackupDeps, auth: AuthContext, tenantId: string): Promise<Tenant> {
  const row = await repo.tenantOf(deps.db, auth.organisationId, tenantId);
  if (!row) throw notFound();
  return repo.toTenant(row);
}

/** Tests credentials without storing anything. */
/** The connector says `errorMessage`; the API says `failureReason` (see connectionTestResultSchema). */
function toTestResult(result: { ok: true; organizationName: string } | { ok: false; errorMessage: string }): ConnectionTestResult {
  return result.ok ? { ok: true, organizationName: result.organizationName } : { ok: false, failureReason: result.errorMessage };
}

/**
 * A tenant's Graph and authority URLs must be Microsoft's (or an origin the server is configured
 * for) before anything is stored or called: the engine's guard would refuse them later anyway, but
 * the person typing them learns it now.
 */
function assertTenantEndpoints(deps: BackupDeps, urls: { graphBaseUrl?: string; authorityUrl?: string }): void {
  if (urls.graphBaseUrl !== undefined && !deps.engine.outbound.allows(urls.graphBaseUrl, 'graph')) throw badRequest(BACKUP_MESSAGES.graphBaseUrlNotAllowed);
  if (urls.authorityUrl && !deps.engine.outbound.allows(urls.authorityUrl, 'signin')) throw badRequest(BACKUP_MESSAGES.authorityUrlNotAllowed);
}

export async function testCredentials(deps: BackupDeps, body: ConnectTenantRequest): Promise<ConnectionTestResult> {
  assertTenantEndpoints(deps, body);
  const { tenantId, clientId, clientSecret, graphBaseUrl, authorityUrl } = body;
  try {
    return toTestResult(await deps.engine.graphFactory({ tenantId, clientId, clientSecret, graphBaseUrl, authorityUrl }).testConnection());
  } catch (error) {
    return { ok: false, failureReason: describeGraphFailure(error) };
  }
}

/** Connects a tenant: the credentials must pass the connection test before they are stored (sealed). */
export async function connectTenant(deps: BackupDeps, auth: AuthContext, body: ConnectTenantRequest, options: { demo?: boolean } = {}): Promise<Tenant> {
  const test = await testCredentials(deps, body);
  if (!test.ok) throw badRequest(`Connection failed: ${test.failureReason}`);
  const row = await insertTenant(deps.db, deps.engine.masterSecret, {
    organisationId: auth.organisationId,
    name: body.name.trim(),
    credentials: { tenantId: body.tenantId.trim(), clientId: body.clientId.trim(), clientSecret: body.clientSecret, graphBaseUrl: body.graphBaseUrl, authorityUrl: body.authorityUrl },
    demo: options.demo,
  });
  await deps.db.query(`update backup_tenants set status = 'connected', organization_name = $2, last_tested_at = now(), secret_expires_at = $3::date where id = $1`, [
    row.id,
    test.organizationName,
    body.secretExpiresAt ?? null,
  ]);
  if (body.secretExpiresAt) await checkSecretExpiry(deps.db);
  return getTenant(deps, auth, row.id);
}

export async function updateTenant(deps: BackupDeps, auth: AuthContext, tenantId: string, body: UpdateTenantRequest): Promise<Tenant> {
  const row = await repo.tenantOf(deps.db, auth.organisationId, tenantId);
  if (!row) throw notFound();
  const { secretExpiresAt, ...credentials } = body;
  assertTenantEndpoints(deps, credentials);
  const updated = await updateTenantCredentials(deps.db, deps.engine.masterSecret, row, { ...credentials, name: body.name?.trim() });
  if (updated.status === 'untested') await testTenantRow(deps.db, deps.engine.masterSecret, deps.engine.graphFactory, updated);
  if (secretExpiresAt !== undefined && secretExpiresAt !== row.secret_expires_on) {
    // A new date means a new secret: the alert about the old one is settled, and the new date checked.
    await deps.db.query('update backup_tenants set secret_expires_at = $2::date where id = $1', [row.id, secretExpiresAt]);
    await resolveSecretAlert(deps.db, row.id);
    if (secretExpiresAt) await checkSecretExpiry(deps.db);
  }
  return getTenant(deps, auth, tenantId);
}

export async function deleteTenant(deps: BackupDeps, auth: AuthContext, tenantId: string) {
  const row = await repo.tenantOf(deps.db, auth.organisationId, tenantId);
  if (!row) throw notFound();
  if (Number(row.set_count) > 0) throw conflict(BACKUP_MESSAGES.tenantInUse);
  // Its sets are gone, but their content may still be stored (collection waits out a grace window),
  // and the rows that name it go with the tenant's: its deletion is queued with the tenant's, and
  // started now without waiting (a tenant's objects can be many, its store down); the scheduler
  // finishes what this does not.
  await deps.db.transaction(async (tx) => {
    await queueTenantPurge(tx, tenantId);
    await tx.query('delete from backup_tenants where id = $1', [tenantId]);
  });
  void deps.engine.purgeDeletedTenants();
  // Nothing is left to fix for a disconnected tenant: its connection alerts end with it.
  await resolveSecretAlert(deps.db, tenantId);
  await resolveConsentAlert(deps.db, tenantId);
  return { message: BACKUP_MESSAGES.tenantDeleted };
}

export async function testTenant(deps: BackupDeps, auth: AuthContext, tenantId: string): Promise<ConnectionTestResult> {
  const row = await repo.tenantOf(deps.db, auth.organisationId, tenantId);
  if (!row) throw notFound();
  return toTestResult(await testTenantRow(deps.db, deps.engine.masterSecret, deps.engine.graphFactory, row));
}

const DIRECTORY_LIMIT = 500;

/** The tenant's users, sites, groups or teams, live from Graph, for choosing a set's scope. */
export async function directory(deps: BackupDeps, auth: AuthContext, tenantId: string, query: DirectoryQuery) {
  const row = await repo.tenantOf(deps.db, auth.organisationId, tenantId);
  if (!row) throw notFound();
  const graph = deps.engine.graphFactory(tenantCredentials(deps.engine.masterSecret, row));
  const needle = query.q?.toLowerCase();
  const items: DirectoryEntry[] = [];
  const push = (entry: DirectoryEntry) => {
    if (needle && !`${entry.displayName} ${entry.detail ?? ''}`.toLowerCase().includes(needle)) return;
    items.push(entry);
  };
  try {
    if (query.kind === 'user') for await (const u of graph.listUsers()) push({ kind: 'user', externalId: u.id, displayName: u.displayName, detail: u.mail ?? u.userPrincipalName });
    if (query.kind === 'site') for await (const s of graph.listSites()) push({ kind: 'site', externalId: s.id, displayName: s.displayName, detail: s.webUrl });
    if (query.kind === 'group') for await (const g of graph.listGroups()) push({ kind: 'group', externalId: g.id, displayName: g.displayName, detail: g.mail ?? null });
    if (query.kind === 'team') for await (const t of graph.listTeams()) push({ kind: 'team', externalId: t.id, displayName: t.displayName, detail: null });
  } catch (error) {
    throw new HttpError(502, `The tenant did not answer: ${(error as Error).message}`);
  }
  items.sort((a, b) => a.displayName.localeCompare(b.displayName));
  return { items: items.slice(0, DIRECTORY_LIMIT) };
}

// ---- Backup sets ----

function checkFits(type: CreateBackupSetRequest['type'], body: Pick<CreateBackupSetRequest, 'scope' | 'services'>) {
  if (body.services.some((s) => !SERVICES_BY_SET_TYPE[type].includes(s))) throw badRequest(BACKUP_MESSAGES.serviceNotInType);
  if (body.scope.mode === 'selected' && body.scope.objects.some((o) => !OBJECT_KINDS_BY_SET_TYPE[type].includes(o.kind))) {
    throw badRequest(`A ${type} set protects only ${OBJECT_KINDS_BY_SET_TYPE[type].join(', ')} objects`);
  }
}

export async function listSets(deps: BackupDeps, auth: AuthContext, query: BackupSetListQuery) {
  return repo.listSets(deps.db, auth.organisationId, query);
}

export async function getSet(deps: BackupDeps, auth: AuthContext, setId: string): Promise<BackupSet> {
  const set = await repo.setOf(deps.db, auth.organisationId, setId);
  if (!set) throw notFound();
  return set;
}

/** Ownership check without the set's statistics (cheap on a large catalog). */
async function requireSet(deps: BackupDeps, auth: AuthContext, setId: string) {
  const row = await repo.setRowOf(deps.db, auth.organisationId, setId);
  if (!row) throw notFound();
  return row;
}

export async function createSet(deps: BackupDeps, auth: AuthContext, body: CreateBackupSetRequest, options: { demo?: boolean } = {}): Promise<BackupSet> {
  const tenant = await repo.tenantOf(deps.db, auth.organisationId, body.tenantId);
  // Another organisation's tenant id looks exactly like an unknown one.
  if (!tenant) throw badRequest('tenantId: Tenant not found');
  checkFits(body.type, body);
  const next = nextRunAfter(body.schedule, new Date());
  const { rows } = await deps.db.query<{ id: string }>(
    `insert into backup_sets (organisation_id, tenant_id, name, type, scope, services, schedule, retention_days, next_run_at, demo)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb, $8, $9, $10) returning id`,
    [
      auth.organisationId,
      tenant.id,
      body.name.trim(),
      body.type,
      JSON.stringify(body.scope),
      JSON.stringify([...new Set(body.services)]),
      JSON.stringify(body.schedule),
      body.retention.days,
      next?.toISOString() ?? null,
      options.demo ?? false,
    ],
  );
  return getSet(deps, auth, rows[0].id);
}

export async function updateSet(deps: BackupDeps, auth: AuthContext, setId: string, body: UpdateBackupSetRequest): Promise<BackupSet> {
  const current = await getSet(deps, auth, setId);
  const scope = body.scope ?? current.scope;
  const services = body.services ?? current.services;
  checkFits(current.type, { scope, services });
  const schedule = body.schedule ?? current.schedule;
  const next = body.schedule ? nextRunAfter(schedule, new Date()) : current.nextRunAt ? new Date(current.nextRunAt) : nextRunAfter(schedule, new Date());
  await deps.db.query(
    `update backup_sets set name = $2, scope = $3::jsonb, services = $4::jsonb, schedule = $5::jsonb, retention_days = $6, next_run_at = $7, updated_at = now()
      where id = $1 and organisation_id = $8`,
    [
      setId,
      body.name?.trim() ?? current.name,
      JSON.stringify(scope),
      JSON.stringify([...new Set(services)]),
      JSON.stringify(schedule),
      body.retention?.days ?? current.retention.days,
      next?.toISOString() ?? null,
      auth.organisationId,
    ],
  );
  return getSet(deps, auth, setId);
}

export async function setPaused(deps: BackupDeps, auth: AuthContext, setId: string, paused: boolean): Promise<BackupSet> {
  const current = await getSet(deps, auth, setId);
  const next = paused ? null : nextRunAfter(current.schedule, new Date());
  await deps.db.query('update backup_sets set status = $2, next_run_at = $3, updated_at = now() where id = $1', [setId, paused ? 'paused' : 'active', next?.toISOString() ?? null]);
  return getSet(deps, auth, setId);
}

/** Deletes the set with its catalog; blobs no other set of the tenant references are deleted too. */
export async function deleteSet(deps: BackupDeps, auth: AuthContext, setId: string) {
  const row = await repo.setRowOf(deps.db, auth.organisationId, setId);
  if (!row) throw notFound();
  const { rows: active } = await deps.db.query<{ id: string }>(`select id from backup_jobs where set_id = $1 and status in ('queued', 'running')`, [setId]);
  if (active.length) throw conflict(BACKUP_MESSAGES.backupAlreadyRunning);
  await deps.db.query('delete from backup_sets where id = $1', [setId]);
  // The set is gone whatever the collection does: content it failed to free now, the scheduler's
  // collection frees later (or the tenant's deletion), so its failure is not the request's.
  await deps.engine.blobs.collectGarbage(row.tenant_id).catch(() => undefined);
  return { message: BACKUP_MESSAGES.setDeleted };
}

export async function runSetNow(deps: BackupDeps, auth: AuthContext, setId: string): Promise<JobRow> {
  await requireSet(deps, auth, setId);
  try {
    return await deps.engine.startBackup(setId);
  } catch (error) {
    if (error instanceof BackupAlreadyRunning) throw conflict(BACKUP_MESSAGES.backupAlreadyRunning);
    throw error;
  }
}

// ---- Objects, snapshots, tree, items ----

export async function listObjects(deps: BackupDeps, auth: AuthContext, setId: string, query: ObjectListQuery) {
  await requireSet(deps, auth, setId);
  return repo.listObjects(deps.db, setId, query);
}

export async function getObject(deps: BackupDeps, auth: AuthContext, setId: string, objectId: string) {
  await requireSet(deps, auth, setId);
  const object = await repo.objectOf(deps.db, setId, objectId);
  if (!object) throw notFound();
  return object;
}

export async function listSnapshots(deps: BackupDeps, auth: AuthContext, setId: string, objectId: string) {
  await getObject(deps, auth, setId, objectId);
  return { items: await repo.snapshotsOf(deps.db, objectId) };
}

export async function snapshotTree(deps: BackupDeps, auth: AuthContext, snapshotId: string, parent: string | undefined): Promise<TreeList> {
  const snapshot = await repo.snapshotOf(deps.db, auth.organisationId, snapshotId);
  if (!snapshot) throw notFound();
  return { snapshot, nodes: await repo.treeLevel(deps.db, snapshot, parent) };
}

export async function searchItems(deps: BackupDeps, auth: AuthContext, setId: string, query: ItemSearchQuery) {
  await requireSet(deps, auth, setId);
  let snapshot = null;
  if (query.snapshotId) {
    snapshot = await repo.snapshotOf(deps.db, auth.organisationId, query.snapshotId);
    if (!snapshot || snapshot.setId !== setId) throw notFound();
  }
  return repo.searchItems(deps.db, setId, query, snapshot);
}

export async function itemPreview(deps: BackupDeps, auth: AuthContext, itemId: string): Promise<ItemPreview> {
  const item = await repo.itemOf(deps.db, auth.organisationId, itemId);
  if (!item) throw notFound();
  const content = item.blob_hash ? await deps.engine.blobs.get(item.tenant_id, item.blob_hash) : Buffer.alloc(0);
  return { ...repo.toItem(item), contentType: item.content_type, ...previewContent(item.kind, item.content_type, content) };
}

// ---- Signed download links ----

const LINK_TTL_MS = 10 * 60 * 1000;

/** What a signed download link opens: a restore's ZIP, an item, a monthly usage report. */
export type DownloadKind = 'job' | 'item' | 'usage-report';

export function signDownload(secret: string, kind: DownloadKind, id: string, now = Date.now()): { token: string; expiresAt: string } {
  const expires = now + LINK_TTL_MS;
  const mac = crypto.createHmac('sha256', secret).update(`backup-download:${kind}:${id}:${expires}`).digest('base64url');
  return { token: `${expires}.${mac}`, expiresAt: new Date(expires).toISOString() };
}

export function checkDownload(secret: string, kind: DownloadKind, id: string, token: string, now = Date.now()): boolean {
  const [expiresText, mac] = token.split('.');
  const expires = Number(expiresText);
  if (!Number.isFinite(expires) || expires < now || !mac) return false;
  const expected = crypto.createHmac('sha256', secret).update(`backup-download:${kind}:${id}:${expires}`).digest();
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export async function itemDownloadLink(deps: BackupDeps, auth: AuthContext, itemId: string, prefix: string) {
  const item = await repo.itemOf(deps.db, auth.organisationId, itemId);
  if (!item) throw notFound();
  const { token, expiresAt } = signDownload(deps.linkSecret, 'item', itemId);
  return { url: `${prefix}/api/backup/items/${itemId}/download?token=${encodeURIComponent(token)}`, expiresAt };
}

/** The item's content for a signed link (no session: the token is the permission). */
export async function itemDownload(deps: BackupDeps, itemId: string, token: string) {
  if (!checkDownload(deps.linkSecret, 'item', itemId, token)) throw notFound();
  const { rows } = await deps.db.query<{ organisation_id: string }>(
    'select s.organisation_id from backup_item_versions v join backup_sets s on s.id = v.set_id where v.id = $1',
    [itemId],
  );
  if (!rows[0]) throw notFound();
  const item = await repo.itemOf(deps.db, rows[0].organisation_id, itemId);
  if (!item?.blob_hash) throw notFound();
  const content = await deps.engine.blobs.get(item.tenant_id, item.blob_hash);
  const entry = exportEntry(
    { kind: item.kind, name: item.name } as Parameters<typeof exportEntry>[0],
    content,
  );
  const fileName = `${item.name || 'item'}${item.name.toLowerCase().endsWith(entry.extension) ? '' : entry.extension}`;
  const contentType = entry.extension === '.eml' ? 'message/rfc822' : entry.extension === '.ics' ? 'text/calendar' : entry.extension === '.vcf' ? 'text/vcard' : item.content_type === 'application/json' ? 'application/json' : item.content_type;
  return { body: entry.body, fileName, contentType };
}
