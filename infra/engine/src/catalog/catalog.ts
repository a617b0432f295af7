import type { BackupService, ItemKind } from '@portal/contracts';
import type { EngineDb, EngineQueryable } from '../ports';
import { checkpointsJson, checkpointsSql, writeCheckpoints, type Checkpoint } from './checkpoints';
import { emptyCounts, PageWrites, type PageRemovals, type TakenWrites } from './page-writes';
import type { ItemFacts } from './item-facts';

// The item catalog. A version row is visible in run r when valid_from_run <= r < valid_to_run (or
// valid_to_run is null), so "the mailbox as of run r" is a filter, not a copy.

export const VISIBLE_AT = (alias: string, runParam: string) =>
  `${alias}.valid_from_run <= ${runParam} and (${alias}.valid_to_run is null or ${alias}.valid_to_run > ${runParam})`;

/**
 * The text an item is found by: name, sender, recipients and folder path, with path separators,
 * dots and @ as spaces too, so "report.pdf", "Projects/Q3" and "ada@contoso.example" match their parts.
 * SQL over columns, for rows made in the database; searchTextOf builds the same text for a record.
 */
export const SEARCH_TEXT = (name: string, sender: string, recipients: string, folderPath: string) =>
  `coalesce(${name}, '') || ' ' || translate(coalesce(${name}, ''), './_-', '    ') || ' ' || ` +
  // Addresses whole (the parser keeps "a@b.example" as one token) and in parts, so "ada" finds ada@...
  `coalesce(${sender}, '') || ' ' || ${recipients} || ' ' || translate(coalesce(${sender}, '') || ' ' || ${recipients}, '@._-', '    ') || ' ' || ` +
  `translate(coalesce(${folderPath}, ''), './_-', '    ')`;

/** SQL translate(text, chars, spaces): each of `chars` becomes a space. */
const spaced = (text: string, chars: RegExp) => text.replace(chars, ' ');
const PATH_CHARS = /[./_-]/g;
const ADDRESS_CHARS = /[@._-]/g;

/**
 * SEARCH_TEXT of a record, built here rather than in the statement: PGlite's translate() costs tens of
 * microseconds a call, three calls a row, about a third of a page insert. catalog.test.ts checks that
 * both give the same text.
 */
export function searchTextOf(record: Pick<ItemRecord, 'name' | 'sender' | 'recipients' | 'folderPath'>): string {
  const name = record.name ?? '';
  const addresses = `${record.sender ?? ''} ${record.recipients.join(' ')}`;
  return `${name} ${spaced(name, PATH_CHARS)} ${addresses} ${spaced(addresses, ADDRESS_CHARS)} ${spaced(record.folderPath ?? '', PATH_CHARS)}`;
}

export interface ItemRecord {
  service: BackupService;
  kind: ItemKind | 'folder';
  externalId: string;
  containerId: string;
  folderPath: string;
  name: string;
  sender: string | null;
  recipients: string[];
  sizeBytes: number;
  hasAttachments: boolean;
  modifiedAt: string | null;
  contentType: string;
  blobHash: string | null;
  changeTag: string | null;
  /** What a faithful restore needs beyond the content (see item-facts.ts). */
  facts?: ItemFacts | null;
}

/** A WITH clause of these CTEs, to start a statement with (nothing when there are none). */
const withCtes = (ctes: string[]) => (ctes.length ? `with ${ctes.join(', ')} ` : '');

/**
 * Ends at run $4 the current versions `currentVersions` selects (id, valid_from_run), and returns the
 * ones it closed; `ctes` go before its own (a checkpoint stored in the same statement). A version this
 * same run wrote (a resumed run seeing a page again, or an item removed in the run that added it)
 * never existed at any snapshot: it is deleted, not closed. One statement, and both parts find their
 * rows through the current-version index: a delete filtered on valid_from_run = $4 as well leads the
 * planner to walk every version the object got in this run, which in a full backup is all of them,
 * page after page.
 */
export const endVersions = (currentVersions: string, ctes: string[] = []) => `
  ${withCtes([
    ...ctes,
    `current_versions as (${currentVersions})`,
    'dropped as (delete from backup_item_versions v using current_versions c where v.id = c.id and c.valid_from_run = $4)',
  ])}
  update backup_item_versions v set valid_to_run = $4 from current_versions c
   where v.id = c.id and c.valid_from_run <> $4 returning v.service, v.external_id`;
/** endVersions of the current versions of an object's ($1) service ($2) that `which` selects. */
const endCurrent = (which: string, ctes: string[] = []) =>
  endVersions(`select id, valid_from_run from backup_item_versions where object_id = $1 and service = $2 and valid_to_run is null and ${which}`, ctes);
/** The items whose external ids are $3. */
const BY_IDS = 'external_id = any($3::text[])';
/** The items whose external ids are $3, in container $5 only. */
const BY_IDS_IN_CONTAINER = `${BY_IDS} and container_id = $5`;
/**
 * The current versions of an object ($1) of the items each named by the same position of $2 (service)
 * and $3 (external id), and with `inContainers` of $5 (container): one statement for every service a
 * write touches. The `any` conditions let the current-version index find them.
 */
const currentOfItems = (inContainers: boolean) =>
  `select id, valid_from_run from backup_item_versions
    where object_id = $1 and valid_to_run is null and service = any($2::text[]) and external_id = any($3::text[])
      and ${inContainers ? '(service, container_id, external_id) in (select * from unnest($2::text[], $5::text[], $3::text[]))' : '(service, external_id) in (select * from unnest($2::text[], $3::text[]))'}`;
const CURRENT_OF_ITEMS = currentOfItems(false);
const CURRENT_OF_ITEMS_IN_CONTAINERS = currentOfItems(true);
const END_CURRENT = endCurrent(BY_IDS);
const END_CURRENT_IN_CONTAINER = endCurrent(BY_IDS_IN_CONTAINER);

export interface WriteCounts {
  added: number;
  changed: number;
  removed: number;
}

/** Current change tags of some items of an object and service (to skip unchanged ones without fetching content). */
export async function currentTags(db: EngineQueryable, objectId: string, service: BackupService, externalIds: string[]): Promise<Map<string, string | null>> {
  if (!externalIds.length) return new Map();
  const { rows } = await db.query<{ external_id: string; change_tag: string | null }>(
    `select external_id, change_tag from backup_item_versions
      where object_id = $1 and service = $2 and external_id = any($3::text[]) and valid_to_run is null`,
    [objectId, service, externalIds],
  );
  return new Map(rows.map((row) => [row.external_id, row.change_tag]));
}

/** Whether the catalog holds any version of an object (current or ended). */
export async function holdsVersions(db: EngineQueryable, objectId: string): Promise<boolean> {
  const { rows } = await db.query<{ holds: boolean }>('select exists (select 1 from backup_item_versions where object_id = $1) as holds', [objectId]);
  return rows[0].holds;
}

/** What a delta page ends with besides its items, written in the same transaction. */
export interface PageEnd {
  /** Items the page reported removed; they end in the container that reported them (see closeVersions). */
  removed: PageRemovals;
  /** Where the stream continues: stored with the page, so a kill never keeps one without the other. */
  checkpoint: { stream: string } & Checkpoint;
}

/**
 * Records new or changed items of one page as versions of run `runSeq`, in one transaction (one
 * statement, for a page of removals only): the previous current version is closed at this run, and a
 * version this same run wrote before (a resumed run seeing the page again) is replaced rather than
 * duplicated. A delta page's removals and its checkpoint (`end`) go in the same transaction.
 */
export async function writeVersions(db: EngineDb, setId: string, objectId: string, runSeq: number, records: ItemRecord[], end?: PageEnd): Promise<WriteCounts> {
  const pages = new PageWrites();
  pages.add(records, end?.removed, end?.checkpoint);
  return writePages(db, setId, objectId, runSeq, pages.take());
}

// A service's name has no newline, so the pair is one key.
const itemKey = (service: string, externalId: string) => `${service}\n${externalId}`;

/** A statement of a write, to which a CTE can be added (the checkpoints). */
interface WriteStatement {
  sql: (ctes: string[]) => string;
  params: unknown[];
  /** What its returned rows (service and external id of each version it ended) count. */
  counts: (rows: Array<Record<string, unknown>>, into: WriteCounts) => void;
}

/** An object's services whose current versions outside some containers end (ObjectWrites). */
export interface OutsideContainers {
  services: BackupService[];
  /** service:container keys of the containers whose versions stay (a service's name has no colon). */
  kept: string[];
}

/**
 * Writes pages gathered by PageWrites (and, as an object ends, the end of versions outside the
 * containers each service still has) in one transaction: one statement ends the current versions of
 * the recorded items, whatever their services; one inserts every record; one ends the removed items in
 * the containers that reported them. The checkpoints are a CTE of the last statement: on PGlite each
 * statement costs about half a millisecond, and an incremental run changes a few items per folder.
 */
export async function writePages(db: EngineDb, setId: string, objectId: string, runSeq: number, taken: TakenWrites, outside?: OutsideContainers): Promise<WriteCounts> {
  const counts = emptyCounts();
  const ends = taken.ends.flatMap(({ service, ids }) => ids.map((externalId) => ({ service, externalId })));
  const recorded = new Set(taken.ends.flatMap(({ service, recorded: ids }) => [...ids].map((externalId) => itemKey(service, externalId))));
  const endedRecorded = (rows: Array<Record<string, unknown>>, into: WriteCounts) => {
    for (const row of rows) {
      if (recorded.has(itemKey(row.service as string, row.external_id as string))) into.changed += 1;
      else into.removed += 1;
    }
  };
  const removals = taken.removals.flatMap(({ service, removals: byItem }) => byItem.map((removal) => ({ service, ...removal })));
  const removedRows = (rows: Array<Record<string, unknown>>, into: WriteCounts) => void (into.removed += rows.length);
  const statements: WriteStatement[] = [
    ...(ends.length
      ? [{ sql: (ctes: string[]) => endVersions(CURRENT_OF_ITEMS, ctes), params: [objectId, ends.map((end) => end.service), ends.map((end) => end.externalId), runSeq], counts: endedRecorded }]
      : []),
    ...(taken.records.length ? [{
      sql: (ctes: string[]) => `${withCtes(ctes)}
       insert into backup_item_versions (set_id, object_id, service, kind, external_id, container_id, folder_path, name, sender, recipients,
                                         size_bytes, has_attachments, modified_at, content_type, blob_hash, change_tag, facts, valid_from_run, search)
       select $1, $2, x.service, x.kind, x."externalId", x."containerId", x."folderPath", x.name, x.sender,
              coalesce(x.recipients, '{}'), x."sizeBytes", x."hasAttachments",
              x."modifiedAt", x."contentType", x."blobHash", x."changeTag", x.facts, $3,
              to_tsvector('simple', x."searchText")
         from jsonb_to_recordset($4::jsonb) as x(service text, kind text, "externalId" text, "containerId" text, "folderPath" text, name text,
              sender text, recipients text[], "sizeBytes" bigint, "hasAttachments" boolean, "modifiedAt" timestamptz, "contentType" text,
              "blobHash" text, "changeTag" text, facts jsonb, "searchText" text)`,
      // A JSON array fills the text[] column as it is (no subquery per row).
      params: [setId, objectId, runSeq, JSON.stringify(taken.records.map((record) => ({ ...record, searchText: searchTextOf(record) })))],
      counts: (_rows: unknown, into: WriteCounts) => void (into.added += taken.records.length),
    }] : []),
    ...(removals.length
      ? [{
          sql: (ctes: string[]) => endVersions(CURRENT_OF_ITEMS_IN_CONTAINERS, ctes),
          params: [objectId, removals.map((r) => r.service), removals.map((r) => r.externalId), runSeq, removals.map((r) => r.containerId)],
          counts: removedRows,
        }]
      : []),
    ...(outside ? [{
      sql: (ctes: string[]) => endVersions(
        `select id, valid_from_run from backup_item_versions
          where object_id = $1 and service = any($2::text[]) and valid_to_run is null and not (service || ':' || container_id = any($3::text[]))`,
        ctes,
      ),
      params: [objectId, outside.services, outside.kept, runSeq],
      counts: removedRows,
    }] : []),
  ];
  if (!statements.length) {
    if (taken.checkpoints.length) await writeCheckpoints(db, objectId, taken.checkpoints);
    return counts;
  }
  const last = statements.length - 1;
  const batch = statements.map(({ sql, params }, i) =>
    taken.checkpoints.length && i === last
      ? { sql: sql([`checkpoints as (${checkpointsSql(`$${params.length + 1}`, `$${params.length + 2}`)})`]), params: [...params, objectId, checkpointsJson(taken.checkpoints)] }
      : { sql: sql([]), params },
  );
  // One batch (no statement needs an earlier one's answer): an engine thread sends it to the database
  // in one message, which then holds the transaction only while these run. A lone statement is atomic without one.
  const results = batch.length === 1 ? [await db.query(batch[0].sql, batch[0].params)] : await db.batch(batch);
  statements.forEach((statement, i) => statement.counts(results[i].rows, counts));
  // A recorded item whose earlier version ended was changed, not added.
  counts.added -= counts.changed;
  return counts;
}

/** Items Graph reported as removed: their current version ends at this run. */
export async function closeVersions(
  db: EngineQueryable,
  objectId: string,
  service: BackupService,
  externalIds: string[],
  runSeq: number,
  containerId?: string,
): Promise<number> {
  if (!externalIds.length) return 0;
  // Limited to the container that reported the removal: an item moved to another folder keeps its id
  // there, and that folder's stream may have recorded it first.
  const { rows } = await db.query(
    containerId === undefined ? END_CURRENT : END_CURRENT_IN_CONTAINER,
    containerId === undefined ? [objectId, service, externalIds, runSeq] : [objectId, service, externalIds, runSeq, containerId],
  );
  return rows.length;
}

/** Full listings (events, contacts, channel messages): current items of a container not seen this run were removed. */
export async function closeUnseen(db: EngineQueryable, objectId: string, service: BackupService, seen: Set<string>, runSeq: number, containerId?: string): Promise<number> {
  const { rows } = await db.query<{ external_id: string }>(
    `select external_id from backup_item_versions where object_id = $1 and service = $2 and valid_to_run is null ${containerId ? 'and container_id = $3' : ''}`,
    containerId ? [objectId, service, containerId] : [objectId, service],
  );
  const gone = rows.map((row) => row.external_id).filter((id) => !seen.has(id));
  return closeVersions(db, objectId, service, gone, runSeq);
}

/**
 * One row (item_count, size_bytes): the item count and logical size of object `object` as of run `run`
 * (SQL expressions, such as parameters). A query of its own (objectTotalsAt) or part of the statement
 * that records an object's snapshot.
 */
export const OBJECT_TOTALS_AT = (object: string, run: string) =>
  `select count(*) as item_count, coalesce(sum(v.size_bytes), 0) as size_bytes from backup_item_versions v
    where v.object_id = ${object} and v.kind <> 'folder' and ${VISIBLE_AT('v', run)}`;

/**
 * The row of OBJECT_TOTALS_AT(object, run), counted from the object's latest snapshot before `run`
 * (`p`) and the versions that began or ended in (p, run], so an object that changed little costs
 * little whatever its size (migration 310's index finds the ended ones). Exact: a version visible
 * at `run` but not at p began in (p, run] and is still current or ended after `run`; one visible at p
 * but not at `run` began by p and ended in (p, run]; nothing else of the object changed since p's
 * snapshot counted it (versions are written only by runs, and retention keeps what a remaining snapshot
 * sees). An object without an earlier snapshot is counted whole.
 */
export const OBJECT_TOTALS_SINCE = (object: string, run: string) => `
  with previous as (
    select run_seq, item_count, size_bytes from backup_snapshots where object_id = ${object} and run_seq < ${run} order by run_seq desc limit 1
  ),
  began as (
    select count(*) as n, coalesce(sum(v.size_bytes), 0) as bytes from backup_item_versions v, previous p
     where v.object_id = ${object} and v.kind <> 'folder' and v.valid_from_run > p.run_seq and v.valid_from_run <= ${run}
       and (v.valid_to_run is null or v.valid_to_run > ${run})
  ),
  ended as (
    select count(*) as n, coalesce(sum(v.size_bytes), 0) as bytes from backup_item_versions v, previous p
     where v.object_id = ${object} and v.kind <> 'folder' and v.valid_to_run > p.run_seq and v.valid_to_run <= ${run}
       and v.valid_from_run <= p.run_seq
  )
  select p.item_count + b.n - e.n as item_count, p.size_bytes + b.bytes - e.bytes as size_bytes from previous p, began b, ended e
  union all
  select * from (${OBJECT_TOTALS_AT(object, run)}) whole where not exists (select 1 from previous)`;

/** Item count and logical size of an object as of run `runSeq`. */
export async function objectTotalsAt(db: EngineQueryable, objectId: string, runSeq: number): Promise<{ itemCount: number; sizeBytes: number }> {
  const { rows } = await db.query<{ item_count: number; size_bytes: number }>(OBJECT_TOTALS_AT('$1', '$2'), [objectId, runSeq]);
  return { itemCount: Number(rows[0]?.item_count ?? 0), sizeBytes: Number(rows[0]?.size_bytes ?? 0) };
}

/**
 * Deletes the closed versions of set $1 that no snapshot of their object sees: one is still needed when
 * some kept snapshot falls in [from, to). Found object by object through the ended-version index
 * (migration 310): a filter on the set read every version the set holds, current ones too, at the end
 * of every run.
 */
export const UNNEEDED_VERSIONS = `
  delete from backup_item_versions v using backup_objects o
   where o.set_id = $1 and v.object_id = o.id and v.valid_to_run is not null
     and not exists (select 1 from backup_snapshots s where s.object_id = v.object_id
                      and s.run_seq >= v.valid_from_run and s.run_seq < v.valid_to_run)
  returning v.blob_hash`;

/**
 * Retention: snapshots older than `days` go, except each object's newest. Versions no remaining
 * snapshot can see are deleted; blobs they referenced may have become garbage for the blob store to
 * collect. Returns the number of snapshots and versions removed, and the blobs those versions named.
 */
export async function applyRetention(
  db: EngineDb,
  setId: string,
  days: number,
  now: Date = new Date(),
): Promise<{ snapshots: number; versions: number; blobs: string[] }> {
  return db.transaction(async (tx) => {
    const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
    const removed = await tx.query(
      `delete from backup_snapshots s where s.set_id = $1 and s.taken_at < $2
          and s.run_seq < (select max(run_seq) from backup_snapshots k where k.object_id = s.object_id)
        returning s.id`,
      [setId, cutoff],
    );
    const versions = await tx.query<{ blob_hash: string | null }>(UNNEEDED_VERSIONS, [setId]);
    const blobs = new Set(versions.rows.flatMap((row) => (row.blob_hash ? [row.blob_hash] : [])));
    return { snapshots: removed.rows.length, versions: versions.rows.length, blobs: [...blobs] };
  });
}
