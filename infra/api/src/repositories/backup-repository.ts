import {
  ITEM_TOTAL_CAP,
  type BackupService,
  type BackupSet,
  type BackupSetListQuery,
  type ItemSearchQuery,
  type ItemSummary,
  type ObjectListQuery,
  type ProtectedObject,
  type Snapshot,
  type Tenant,
} from '@portal/contracts';
import { parseFolderKey, VISIBLE_AT, type BackupSetRow, type TenantRow } from '@portal/engine';
import type { Queryable } from '@portal/db';

// SQL of the backup catalog as the API shows it. Every lookup takes the caller's organisation id,
// so a row of another organisation is simply not found.

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

export async function tenantsOf(db: Queryable, organisationId: string): Promise<Tenant[]> {
  const { rows } = await db.query<TenantRow & { set_count: number }>(
    `select t.*, t.secret_expires_at::text as secret_expires_on, (select count(*) from backup_sets s where s.tenant_id = t.id) as set_count
       from backup_tenants t where t.organisation_id = $1 order by t.name, t.created_at`,
    [organisationId],
  );
  return rows.map(toTenant);
}

export async function tenantOf(db: Queryable, organisationId: string, id: string): Promise<(TenantRow & { set_count: number; secret_expires_on: string | null }) | null> {
  const { rows } = await db.query<TenantRow & { set_count: number; secret_expires_on: string | null }>(
    `select t.*, t.secret_expires_at::text as secret_expires_on, (select count(*) from backup_sets s where s.tenant_id = t.id) as set_count
       from backup_tenants t where t.id = $1 and t.organisation_id = $2`,
    [id, organisationId],
  );
  return rows[0] ?? null;
}

/** Never includes the secret or the wrapped data key. */
export function toTenant(row: TenantRow & { set_count?: number; secret_expires_on?: string | null }): Tenant {
  return {
    id: row.id,
    name: row.name,
    tenantId: row.tenant_id,
    clientId: row.client_id,
    graphBaseUrl: row.graph_base_url,
    authorityUrl: row.authority_url,
    organizationName: row.organization_name,
    status: row.status,
    lastTestedAt: iso(row.last_tested_at),
    lastError: row.last_error,
    // Read as text (YYYY-MM-DD): a date column parsed into a Date would shift with the server's time zone.
    secretExpiresAt: row.secret_expires_on ?? null,
    demo: row.demo,
    backupSetCount: Number(row.set_count ?? 0),
    createdAt: iso(row.created_at)!,
    connectedVia: row.connected_via ?? 'credentials',
    grantedPermissions: row.granted_permissions ?? null,
  };
}

type SetRowWithStats = BackupSetRow & { tenant_name: string; protected_count: number; item_count: number; size_bytes: number | null; stored_bytes: number | null };

const SET_SELECT = `select s.*, t.name as tenant_name,
    (select count(*) from backup_objects o where o.set_id = s.id and o.active) as protected_count,
    (select count(*) from backup_item_versions v where v.set_id = s.id and v.valid_to_run is null and v.kind <> 'folder') as item_count,
    (select sum(v.size_bytes) from backup_item_versions v where v.set_id = s.id and v.valid_to_run is null and v.kind <> 'folder') as size_bytes,
    (select sum(b.stored_size) from backup_blobs b where b.tenant_id = s.tenant_id) as stored_bytes
  from backup_sets s join backup_tenants t on t.id = s.tenant_id`;

export function toBackupSet(row: SetRowWithStats): BackupSet {
  return {
    id: row.id,
    name: row.name,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    type: row.type,
    scope: row.scope,
    services: row.services,
    schedule: row.schedule as BackupSet['schedule'],
    retention: { days: row.retention_days },
    status: row.status,
    lastRunAt: iso(row.last_run_at),
    lastRunStatus: (row.last_run_status as BackupSet['lastRunStatus']) ?? null,
    lastJobId: row.last_job_id,
    nextRunAt: row.status === 'active' ? iso(row.next_run_at) : null,
    protectedCount: Number(row.protected_count),
    itemCount: Number(row.item_count),
    sizeBytes: Number(row.size_bytes ?? 0),
    storedBytes: Number(row.stored_bytes ?? 0),
    demo: row.demo,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

export async function setRowOf(db: Queryable, organisationId: string, setId: string): Promise<BackupSetRow | null> {
  const { rows } = await db.query<BackupSetRow>('select * from backup_sets where id = $1 and organisation_id = $2', [setId, organisationId]);
  return rows[0] ?? null;
}

export async function setOf(db: Queryable, organisationId: string, setId: string): Promise<BackupSet | null> {
  const { rows } = await db.query<SetRowWithStats>(`${SET_SELECT} where s.id = $1 and s.organisation_id = $2`, [setId, organisationId]);
  return rows[0] ? toBackupSet(rows[0]) : null;
}

const SET_ORDER: Record<BackupSetListQuery['sort'], string> = {
  name: 's.name asc, s.id',
  '-name': 's.name desc, s.id',
  lastRunAt: 's.last_run_at asc nulls first, s.id',
  '-lastRunAt': 's.last_run_at desc nulls last, s.id',
  createdAt: 's.created_at asc, s.id',
  '-createdAt': 's.created_at desc, s.id',
  sizeBytes: 'size_bytes asc nulls first, s.id',
  '-sizeBytes': 'size_bytes desc nulls last, s.id',
};

export async function listSets(db: Queryable, organisationId: string, query: BackupSetListQuery) {
  const params: unknown[] = [organisationId];
  const where = ['s.organisation_id = $1'];
  if (query.q) {
    params.push(`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`s.name ilike $${params.length}`);
  }
  if (query.type) {
    params.push(query.type);
    where.push(`s.type = $${params.length}`);
  }
  if (query.status) {
    params.push(query.status);
    where.push(`s.status = $${params.length}`);
  }
  const total = await db.query<{ n: number }>(`select count(*) as n from backup_sets s where ${where.join(' and ')}`, params);
  params.push(query.pageSize, (query.page - 1) * query.pageSize);
  const { rows } = await db.query<SetRowWithStats>(
    `select * from (${SET_SELECT} where ${where.join(' and ')}) s order by ${SET_ORDER[query.sort]} limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { items: rows.map(toBackupSet), total: Number(total.rows[0].n), page: query.page, pageSize: query.pageSize };
}

type ObjectRow = {
  id: string;
  set_id: string;
  kind: ProtectedObject['kind'];
  external_id: string;
  display_name: string;
  detail: string | null;
  status: ProtectedObject['status'];
  last_error: string | null;
  last_backup_at: Date | null;
  item_count: number;
  size_bytes: number | null;
  snapshot_count: number;
  services: Array<{ service: BackupService; item_count: number; size_bytes: number; last_backup_at: string | null }> | null;
};

const OBJECT_SELECT = `select o.*,
    (select count(*) from backup_item_versions v where v.object_id = o.id and v.valid_to_run is null and v.kind <> 'folder') as item_count,
    (select sum(v.size_bytes) from backup_item_versions v where v.object_id = o.id and v.valid_to_run is null and v.kind <> 'folder') as size_bytes,
    (select count(*) from backup_snapshots sn where sn.object_id = o.id) as snapshot_count,
    (select jsonb_agg(jsonb_build_object('service', x.service, 'item_count', x.n, 'size_bytes', x.b, 'last_backup_at', o.last_backup_at))
       from (select v.service, count(*) as n, sum(v.size_bytes) as b from backup_item_versions v
              where v.object_id = o.id and v.valid_to_run is null and v.kind <> 'folder' group by v.service) x) as services
  from backup_objects o`;

function toObject(row: ObjectRow): ProtectedObject {
  return {
    id: row.id,
    setId: row.set_id,
    kind: row.kind,
    externalId: row.external_id,
    displayName: row.display_name,
    detail: row.detail,
    status: row.status,
    lastError: row.last_error,
    lastBackupAt: iso(row.last_backup_at),
    itemCount: Number(row.item_count),
    sizeBytes: Number(row.size_bytes ?? 0),
    snapshotCount: Number(row.snapshot_count),
    services: (row.services ?? [])
      .map((s) => ({ service: s.service, itemCount: Number(s.item_count), sizeBytes: Number(s.size_bytes), lastBackupAt: iso(s.last_backup_at) }))
      .sort((a, b) => a.service.localeCompare(b.service)),
  };
}

const OBJECT_ORDER: Record<ObjectListQuery['sort'], string> = {
  displayName: 'display_name asc, id',
  '-displayName': 'display_name desc, id',
  lastBackupAt: 'last_backup_at asc nulls first, id',
  '-lastBackupAt': 'last_backup_at desc nulls last, id',
  sizeBytes: 'size_bytes asc nulls first, id',
  '-sizeBytes': 'size_bytes desc nulls last, id',
  itemCount: 'item_count asc, id',
  '-itemCount': 'item_count desc, id',
};

export async function listObjects(db: Queryable, setId: string, query: ObjectListQuery) {
  const params: unknown[] = [setId];
  const where = ['o.set_id = $1', 'o.active'];
  if (query.q) {
    params.push(`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(o.display_name ilike $${params.length} or o.detail ilike $${params.length})`);
  }
  if (query.kind) {
    params.push(query.kind);
    where.push(`o.kind = $${params.length}`);
  }
  const total = await db.query<{ n: number }>(`select count(*) as n from backup_objects o where ${where.join(' and ')}`, params);
  params.push(query.pageSize, (query.page - 1) * query.pageSize);
  const { rows } = await db.query<ObjectRow>(
    `select * from (${OBJECT_SELECT} where ${where.join(' and ')}) o order by ${OBJECT_ORDER[query.sort]} limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { items: rows.map(toObject), total: Number(total.rows[0].n), page: query.page, pageSize: query.pageSize };
}

export async function objectOf(db: Queryable, setId: string, objectId: string): Promise<ProtectedObject | null> {
  const { rows } = await db.query<ObjectRow>(`${OBJECT_SELECT} where o.id = $1 and o.set_id = $2`, [objectId, setId]);
  return rows[0] ? toObject(rows[0]) : null;
}

type SnapshotRow = {
  id: string;
  set_id: string;
  object_id: string;
  job_id: string;
  run_seq: number;
  taken_at: Date;
  status: Snapshot['status'];
  error_message: string | null;
  item_count: number;
  size_bytes: number;
  added_count: number;
  changed_count: number;
  removed_count: number;
};

function toSnapshot(row: SnapshotRow): Snapshot {
  return {
    id: row.id,
    setId: row.set_id,
    objectId: row.object_id,
    jobId: row.job_id,
    runSeq: row.run_seq,
    takenAt: iso(row.taken_at)!,
    status: row.status,
    failureReason: row.error_message,
    itemCount: Number(row.item_count),
    sizeBytes: Number(row.size_bytes),
    addedCount: Number(row.added_count),
    changedCount: Number(row.changed_count),
    removedCount: Number(row.removed_count),
  };
}

export async function snapshotsOf(db: Queryable, objectId: string): Promise<Snapshot[]> {
  const { rows } = await db.query<SnapshotRow>('select * from backup_snapshots where object_id = $1 order by run_seq desc', [objectId]);
  return rows.map(toSnapshot);
}

/** A snapshot the organisation owns (through its set), or null. */
export async function snapshotOf(db: Queryable, organisationId: string, snapshotId: string): Promise<Snapshot | null> {
  const { rows } = await db.query<SnapshotRow>(
    `select sn.* from backup_snapshots sn join backup_sets s on s.id = sn.set_id where sn.id = $1 and s.organisation_id = $2`,
    [snapshotId, organisationId],
  );
  return rows[0] ? toSnapshot(rows[0]) : null;
}

/** One level of a snapshot's folder tree, built from the folder paths of the items visible then. */
export async function treeLevel(db: Queryable, snapshot: Snapshot, parent: string | undefined) {
  if (!parent) {
    const { rows } = await db.query<{ service: BackupService; n: number }>(
      `select v.service, count(*) as n from backup_item_versions v
        where v.object_id = $1 and v.kind <> 'folder' and ${VISIBLE_AT('v', '$2')} group by v.service order by v.service`,
      [snapshot.objectId, snapshot.runSeq],
    );
    return rows.map((r) => ({ key: `${r.service}:`, name: r.service, service: r.service, path: '', itemCount: Number(r.n), hasChildren: true }));
  }
  const folder = parseFolderKey(parent);
  if (!folder) return [];
  const prefixLength = folder.path === '' ? 1 : folder.path.length + 2;
  const { rows } = await db.query<{ seg: string; n: number; deeper: boolean }>(
    `select split_part(substr(v.folder_path, $5), '/', 1) as seg, count(*) as n, bool_or(position('/' in substr(v.folder_path, $5)) > 0) as deeper
       from backup_item_versions v
      where v.object_id = $1 and v.kind <> 'folder' and ${VISIBLE_AT('v', '$2')} and v.service = $3
        and ($4 = '' or v.folder_path like $6) and substr(v.folder_path, $5) <> ''
      group by seg order by seg`,
    [snapshot.objectId, snapshot.runSeq, folder.service, folder.path, prefixLength, `${folder.path.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`],
  );
  return rows.map((r) => {
    const path = folder.path === '' ? r.seg : `${folder.path}/${r.seg}`;
    return { key: `${folder.service}:${path}`, name: r.seg, service: folder.service as BackupService, path, itemCount: Number(r.n), hasChildren: r.deeper };
  });
}


type ItemRow = {
  id: string;
  object_id: string;
  object_name: string;
  service: BackupService;
  kind: ItemSummary['kind'];
  name: string;
  sender: string | null;
  recipients: string[];
  folder_path: string;
  size_bytes: number;
  has_attachments: boolean;
  modified_at: Date | null;
  valid_from_run: number;
  valid_to_run: number | null;
};

export function toItem(row: ItemRow): ItemSummary {
  return {
    id: row.id,
    objectId: row.object_id,
    objectName: row.object_name,
    service: row.service,
    kind: row.kind,
    name: row.name,
    sender: row.sender,
    recipients: row.recipients ?? [],
    folderPath: row.folder_path,
    sizeBytes: Number(row.size_bytes),
    hasAttachments: row.has_attachments,
    modifiedAt: iso(row.modified_at),
    validFromRun: row.valid_from_run,
    validToRun: row.valid_to_run,
    deleted: row.valid_to_run !== null,
  };
}

/** The words of a search, lower-cased (at most 12): each is a prefix the item must hold. */
export function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
}

/** Words of the query as prefix terms ANDed together: "inv bud" finds "Invoice budget". */
export function prefixTsQuery(q: string): string | null {
  const words = searchWords(q);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** A word held by more than this share of the catalog's items is left out of the index lookup (see indexedWords). */
const COMMON_WORD_SHARE = 0.3;
const LEXEME_STATS_TTL_MS = 5 * 60_000;
const lexemeStats = new WeakMap<Queryable, { until: number; shares: Promise<Map<string, number>> }>();

/**
 * The share of catalog items holding each of the most common search terms, from the planner's
 * statistics of backup_item_versions.search (no statistics yet, or none readable: an empty map).
 * Read once every few minutes per database.
 */
function commonLexemes(db: Queryable): Promise<Map<string, number>> {
  const cached = lexemeStats.get(db);
  if (cached && cached.until > Date.now()) return cached.shares;
  const shares = db
    .query<{ elems: string[] | null; freqs: number[] | null }>(
      `select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs from pg_stats
        where schemaname = current_schema() and tablename = 'backup_item_versions' and attname = 'search'`,
    )
    .then(({ rows }) => new Map((rows[0]?.elems ?? []).map((lexeme, i) => [lexeme, Number(rows[0].freqs?.[i] ?? 0)])))
    .catch(() => new Map<string, number>());
  lexemeStats.set(db, { until: Date.now() + LEXEME_STATS_TTL_MS, shares });
  return shares;
}

/**
 * The words of a search of several words that the full-text index should look up, when some are far
 * more common than others (null: all of them). The index materialises every item a prefix matches
 * before it intersects them: for "ada@contoso.com" the words "contoso" and "com" are in nearly every
 * item of the tenant, and looking them up cost more than reading the few items "ada" finds. The
 * search still requires every word; the common ones are checked on the rows the others found.
 */
export function indexedWords(words: string[], shares: Map<string, number>): string[] | null {
  if (words.length < 2 || shares.size === 0) return null;
  const share = (word: string) => {
    let sum = 0;
    for (const [lexeme, freq] of shares) if (lexeme.startsWith(word)) sum += freq;
    return sum;
  };
  const rare = words.filter((w) => share(w) <= COMMON_WORD_SHARE);
  return rare.length > 0 && rare.length < words.length ? rare : null;
}

const ITEM_COLUMNS = ['id', 'object_id', 'service', 'kind', 'name', 'sender', 'recipients', 'folder_path', 'size_bytes', 'has_attachments', 'modified_at', 'valid_from_run', 'valid_to_run'];

// Ties go by id in the key's direction, so each order is one index read forwards or backwards
// (backup_item_set_modified_idx, _name_idx, _size_idx).
const ITEM_ORDER: Record<Exclude<ItemSearchQuery['sort'], 'relevance'>, string> = {
  '-modifiedAt': 'v.modified_at desc nulls last, v.id',
  modifiedAt: 'v.modified_at asc nulls first, v.id desc',
  name: 'v.name asc, v.id',
  '-name': 'v.name desc, v.id desc',
  sizeBytes: 'v.size_bytes asc, v.id',
  '-sizeBytes': 'v.size_bytes desc, v.id desc',
};

// The key of each order and the same order over (key, id) pairs, for sorting matches already read.
const MATCH_KEY: Record<ItemSearchQuery['sort'], string> = {
  '-modifiedAt': 'v.modified_at',
  modifiedAt: 'v.modified_at',
  name: 'v.name',
  '-name': 'v.name',
  sizeBytes: 'v.size_bytes',
  '-sizeBytes': 'v.size_bytes',
  relevance: `ts_rank(v.search, to_tsquery('simple', $2))`,
};
const MATCH_ORDER: Record<ItemSearchQuery['sort'], (k: string, id: string) => string> = {
  '-modifiedAt': (k, id) => `coalesce(${k}, '-infinity'::timestamptz) desc, ${id}`,
  modifiedAt: (k, id) => `coalesce(${k}, '-infinity'::timestamptz) asc, ${id} desc`,
  name: (k, id) => `${k} asc, ${id}`,
  '-name': (k, id) => `${k} desc, ${id} desc`,
  sizeBytes: (k, id) => `${k} asc, ${id}`,
  '-sizeBytes': (k, id) => `${k} desc, ${id} desc`,
  relevance: (k, id) => `${k} desc, ${id}`,
};

/** Item search is planned for its values each time (QueryOptions.planEachRun). */
const SEARCH_PLAN = { planEachRun: true };

/**
 * Item search over a set: every stored version (all snapshots) by default, or the point-in-time view
 * of one snapshot. `$2` is always the tsquery (or null) so the relevance sort can refer to it.
 */
export async function searchItems(db: Queryable, setId: string, query: ItemSearchQuery, snapshot: Snapshot | null) {
  const tsQuery = query.q ? prefixTsQuery(query.q) : null;
  const params: unknown[] = [setId, tsQuery];
  const where = ['v.set_id = $1', "v.kind <> 'folder'"];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (tsQuery) {
    const words = searchWords(query.q!);
    const lookup = words.length > 1 ? indexedWords(words, await commonLexemes(db)) : null;
    // ts_match_vq is @@ written as a function, which no index serves: the whole query checked on the
    // rows the index found for the rarer words.
    if (lookup) add((n) => `v.search @@ to_tsquery('simple', ${n}) and ts_match_vq(v.search, to_tsquery('simple', $2))`, prefixTsQuery(lookup.join(' ')));
    else where.push(`v.search @@ to_tsquery('simple', $2)`);
  }
  if (snapshot) {
    add((n) => `v.object_id = ${n}`, snapshot.objectId);
    params.push(snapshot.runSeq);
    where.push(VISIBLE_AT('v', `$${params.length}`));
  } else if (query.objectId) add((n) => `v.object_id = ${n}`, query.objectId);
  if (query.service) add((n) => `v.service = ${n}`, query.service);
  if (query.folder) {
    const folder = parseFolderKey(query.folder);
    if (folder) {
      add((n) => `v.service = ${n}`, folder.service);
      if (folder.path) {
        params.push(folder.path, `${folder.path.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`);
        where.push(`(v.folder_path = $${params.length - 1} or v.folder_path like $${params.length})`);
      }
    }
  }
  if (query.from) add((n) => `v.modified_at >= ${n}`, new Date(query.from!).toISOString());
  if (query.to) add((n) => `v.modified_at <= ${n}`, /^\d{4}-\d{2}-\d{2}$/.test(query.to!) ? `${query.to}T23:59:59.999Z` : new Date(query.to!).toISOString());
  if (query.minSize !== undefined) add((n) => `v.size_bytes >= ${n}`, query.minSize);
  if (query.maxSize !== undefined) add((n) => `v.size_bytes <= ${n}`, query.maxSize);
  // A literal, not a parameter: it is the predicate of backup_item_search_attached_idx.
  if (query.hasAttachments !== undefined) where.push(query.hasAttachments ? 'v.has_attachments' : 'not v.has_attachments');
  const whereSql = where.join(' and ');
  const sort = query.sort === 'relevance' && !tsQuery ? '-modifiedAt' : query.sort;
  const columns = ITEM_COLUMNS.map((c) => `v.${c}`).join(', ');
  const offset = (query.page - 1) * query.pageSize;

  // One read of the first ITEM_TOTAL_CAP matches (id and sort key) gives the total the page shows
  // ("10 000+" at the cap) and, when that is all of them, the page too, sorted among them. Relevance
  // always ranks just those: ranking every match of a common word would read them all for one page.
  const n = params.length;
  const first = await db.query<ItemRow & { total: number }>(
    `with m as materialized (
       select v.id, ${MATCH_KEY[sort]} as k from backup_item_versions v where ${whereSql} and ($2::text is null or true) limit $${n + 1}
     ), n as (select count(*) as total from m),
     p as (
       select m.id, m.k from m where ${sort === 'relevance' ? 'true' : `(select total from n) < $${n + 1}`}
        order by ${MATCH_ORDER[sort]('m.k', 'm.id')} limit $${n + 2} offset $${n + 3}
     )
     select n.total, ${columns}, o.display_name as object_name
       from n left join (p join backup_item_versions v on v.id = p.id and v.set_id = $1 join backup_objects o on o.id = v.object_id) on true
      order by ${MATCH_ORDER[sort]('p.k', 'p.id')}`,
    [...params, ITEM_TOTAL_CAP, query.pageSize, offset],
    // How many rows match decides the plan (a common word or a rare one): never one plan for all.
    SEARCH_PLAN,
  );
  const total = Number(first.rows[0].total);
  let rows: ItemRow[] = first.rows.filter((r) => r.id !== null);
  if (sort !== 'relevance' && total >= ITEM_TOTAL_CAP) {
    // More matches than were read: walking the order's index finds the first pages at once.
    ({ rows } = await db.query<ItemRow>(
      `select ${columns}, o.display_name as object_name
         from backup_item_versions v join backup_objects o on o.id = v.object_id
        where ${whereSql} and ($2::text is null or true)
        order by ${ITEM_ORDER[sort]} limit $${n + 1} offset $${n + 2}`,
      [...params, query.pageSize, offset],
      SEARCH_PLAN,
    ));
  }
  return { items: rows.map(toItem), total, page: query.page, pageSize: query.pageSize };
}

export async function itemOf(db: Queryable, organisationId: string, itemId: string): Promise<(ItemRow & { blob_hash: string | null; content_type: string; tenant_id: string; set_id: string }) | null> {
  const { rows } = await db.query<ItemRow & { blob_hash: string | null; content_type: string; tenant_id: string; set_id: string }>(
    `select v.id, v.set_id, v.object_id, o.display_name as object_name, v.service, v.kind, v.name, v.sender, v.recipients, v.folder_path,
            v.size_bytes, v.has_attachments, v.modified_at, v.valid_from_run, v.valid_to_run, v.blob_hash, v.content_type, s.tenant_id
       from backup_item_versions v join backup_objects o on o.id = v.object_id join backup_sets s on s.id = v.set_id
      where v.id = $1 and s.organisation_id = $2 and v.kind <> 'folder'`,
    [itemId, organisationId],
  );
  return rows[0] ?? null;
}
