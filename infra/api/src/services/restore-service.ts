import { BACKUP_MESSAGES, type CreateRestoreRequest, type Job, type SaveMappingRequest, type SnapshotMapping, type StartMappingRequest } from '@portal/contracts';
import { resolveSelection, tenantCredentials, type RestorePayload } from '@portal/engine';
import * as repo from '../repositories/backup-repository';
import { getSet, type BackupDeps } from './backup-service';
import { HttpError, notFound } from './errors';
import type { AuthContext } from './identity-service';
import { getJob } from './job-service';

const badRequest = (message: string) => new HttpError(400, message);

function describe(request: CreateRestoreRequest): string {
  const what = request.selection.kind === 'items' ? `${request.selection.itemIds.length} items` : request.selection.kind === 'folders' ? `${request.selection.folders.length} folders` : 'a snapshot';
  const where = request.destination.kind === 'original' ? 'to the original location' : request.destination.kind === 'download' ? 'as a download' : 'to another user';
  return `Restore of ${what} ${where}`;
}

/** Queues a restore job after checking that everything it names belongs to the caller's organisation. */
export async function createRestore(deps: BackupDeps, auth: AuthContext, body: CreateRestoreRequest): Promise<Job> {
  const set = await getSet(deps, auth, body.setId);
  const selection = body.selection;
  if (selection.kind !== 'items') {
    const snapshot = await repo.snapshotOf(deps.db, auth.organisationId, selection.snapshotId);
    if (!snapshot || snapshot.setId !== set.id) throw notFound();
  } else if (!(await resolveSelection(deps.db, set.id, selection)).length) throw notFound();
  if (body.destination.kind === 'user' && !(await repo.tenantOf(deps.db, auth.organisationId, body.destination.tenantId))) throw notFound();
  const payload: RestorePayload = { selection, destination: body.destination };
  const job = await deps.engine.submit({ organisationId: auth.organisationId, setId: set.id, type: 'restore', title: describe(body), payload: payload as unknown as Record<string, unknown> });
  return getJob(deps, auth, job.id);
}

type MappingRow = { id: string; name: string; source_set_id: string; target_tenant_id: string; pairs: SaveMappingRequest['pairs']; created_at: Date; updated_at: Date; set_name: string; tenant_name: string };

async function mappingRowOf(deps: BackupDeps, auth: AuthContext, mappingId: string): Promise<MappingRow | null> {
  const { rows } = await deps.db.query<MappingRow>(
    `select m.*, s.name as set_name, t.name as tenant_name from backup_mappings m
       join backup_sets s on s.id = m.source_set_id join backup_tenants t on t.id = m.target_tenant_id
      where m.id = $1 and m.organisation_id = $2`,
    [mappingId, auth.organisationId],
  );
  return rows[0] ?? null;
}

async function toMapping(deps: BackupDeps, row: MappingRow): Promise<SnapshotMapping> {
  const ids = row.pairs.map((p) => p.sourceObjectId);
  const { rows } = await deps.db.query<{ id: string; display_name: string }>('select id, display_name from backup_objects where id = any($1::uuid[])', [ids]);
  const names = new Map(rows.map((r) => [r.id, r.display_name]));
  return {
    id: row.id,
    name: row.name,
    sourceSetId: row.source_set_id,
    sourceSetName: row.set_name,
    targetTenantId: row.target_tenant_id,
    targetTenantName: row.tenant_name,
    pairs: row.pairs.map((p) => ({ ...p, sourceDisplayName: names.get(p.sourceObjectId) ?? '' })),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function listMappings(deps: BackupDeps, auth: AuthContext) {
  const { rows } = await deps.db.query<{ id: string }>('select id from backup_mappings where organisation_id = $1 order by name, created_at', [auth.organisationId]);
  const items: SnapshotMapping[] = [];
  for (const row of rows) items.push(await getMapping(deps, auth, row.id));
  return { items };
}

export async function getMapping(deps: BackupDeps, auth: AuthContext, mappingId: string): Promise<SnapshotMapping> {
  const row = await mappingRowOf(deps, auth, mappingId);
  if (!row) throw notFound();
  return toMapping(deps, row);
}

async function checkMappingRefs(deps: BackupDeps, auth: AuthContext, body: SaveMappingRequest) {
  await getSet(deps, auth, body.sourceSetId).catch(() => {
    throw badRequest('sourceSetId: Backup set not found');
  });
  if (!(await repo.tenantOf(deps.db, auth.organisationId, body.targetTenantId))) throw badRequest('targetTenantId: Tenant not found');
  const ids = [...new Set(body.pairs.map((p) => p.sourceObjectId))];
  const { rows } = await deps.db.query<{ id: string }>(`select id from backup_objects where set_id = $1 and kind = 'user' and id = any($2::uuid[])`, [body.sourceSetId, ids]);
  if (rows.length !== ids.length) throw badRequest('pairs: Every source must be a user of the backup set');
}

export async function createMapping(deps: BackupDeps, auth: AuthContext, body: SaveMappingRequest): Promise<SnapshotMapping> {
  await checkMappingRefs(deps, auth, body);
  const { rows } = await deps.db.query<{ id: string }>(
    'insert into backup_mappings (organisation_id, name, source_set_id, target_tenant_id, pairs) values ($1, $2, $3, $4, $5::jsonb) returning id',
    [auth.organisationId, body.name.trim(), body.sourceSetId, body.targetTenantId, JSON.stringify(body.pairs)],
  );
  return getMapping(deps, auth, rows[0].id);
}

export async function updateMapping(deps: BackupDeps, auth: AuthContext, mappingId: string, body: SaveMappingRequest): Promise<SnapshotMapping> {
  if (!(await mappingRowOf(deps, auth, mappingId))) throw notFound();
  await checkMappingRefs(deps, auth, body);
  await deps.db.query('update backup_mappings set name = $2, source_set_id = $3, target_tenant_id = $4, pairs = $5::jsonb, updated_at = now() where id = $1', [
    mappingId,
    body.name.trim(),
    body.sourceSetId,
    body.targetTenantId,
    JSON.stringify(body.pairs),
  ]);
  return getMapping(deps, auth, mappingId);
}

export async function deleteMapping(deps: BackupDeps, auth: AuthContext, mappingId: string) {
  if (!(await mappingRowOf(deps, auth, mappingId))) throw notFound();
  await deps.db.query('delete from backup_mappings where id = $1', [mappingId]);
  return { message: BACKUP_MESSAGES.mappingDeleted };
}

/** Each target user must exist in the target tenant, and each source must have a snapshot to restore. */
export async function validateMapping(deps: BackupDeps, auth: AuthContext, mappingId: string) {
  const row = await mappingRowOf(deps, auth, mappingId);
  if (!row) throw notFound();
  const tenant = (await repo.tenantOf(deps.db, auth.organisationId, row.target_tenant_id))!;
  const graph = deps.engine.graphFactory(tenantCredentials(deps.engine.masterSecret, tenant));
  const problems: Array<{ sourceObjectId: string; targetUserExternalId: string; message: string }> = [];
  for (const pair of row.pairs) {
    const { rows: snaps } = await deps.db.query('select 1 from backup_snapshots where object_id = $1 limit 1', [pair.sourceObjectId]);
    if (!snaps.length) problems.push({ ...pair, message: 'The source user has no snapshot yet' });
    try {
      const user = await graph.getUser(pair.targetUserExternalId);
      if (user.accountEnabled === false) problems.push({ ...pair, message: 'The target user is disabled' });
      else await graph.getUserDrive(pair.targetUserExternalId).catch(() => problems.push({ ...pair, message: 'The target user has no OneDrive (licence missing?)' }));
    } catch {
      problems.push({ ...pair, message: 'The target user does not exist in the target tenant' });
    }
  }
  return { valid: problems.length === 0, problems: problems.map(({ sourceObjectId, targetUserExternalId, message }) => ({ sourceObjectId, targetUserExternalId, message })) };
}

/** One restore job: every source user's newest snapshot to its mapped target user. */
export async function startMapping(deps: BackupDeps, auth: AuthContext, mappingId: string, body: StartMappingRequest): Promise<Job> {
  const row = await mappingRowOf(deps, auth, mappingId);
  if (!row) throw notFound();
  const pairs: NonNullable<RestorePayload['pairs']> = [];
  for (const pair of row.pairs) {
    const { rows } = await deps.db.query<{ id: string }>('select id from backup_snapshots where object_id = $1 and status <> \'failed\' order by run_seq desc limit 1', [pair.sourceObjectId]);
    if (rows[0]) pairs.push({ objectId: pair.sourceObjectId, snapshotId: rows[0].id, targetUserExternalId: pair.targetUserExternalId });
  }
  if (!pairs.length) throw badRequest('No source user has a snapshot yet');
  const payload: RestorePayload = {
    destination: { kind: 'original' },
    pairs,
    targetTenantId: row.target_tenant_id,
    services: body.services,
  };
  const job = await deps.engine.submit({
    organisationId: auth.organisationId,
    setId: row.source_set_id,
    type: 'restore',
    title: `Restore by mapping ${row.name}`,
    payload: payload as unknown as Record<string, unknown>,
  });
  return getJob(deps, auth, job.id);
}
