import type { BackupService, RestoreSelection } from '@portal/contracts';
import { VISIBLE_AT } from '../catalog/catalog';
import type { ItemFacts } from '../catalog/item-facts';
import type { EngineQueryable } from '../ports';

/** What a restore works through: item versions in a stable order. */
export interface VersionRow {
  id: string;
  set_id: string;
  object_id: string;
  object_kind: 'user' | 'site' | 'group' | 'team';
  object_external_id: string;
  object_name: string;
  service: BackupService;
  kind: string;
  external_id: string;
  container_id: string;
  folder_path: string;
  name: string;
  size_bytes: number;
  content_type: string;
  blob_hash: string | null;
  modified_at: Date | null;
  facts: ItemFacts | null;
}

const VERSION_COLUMNS = `v.id, v.set_id, v.object_id, o.kind as object_kind, o.external_id as object_external_id, o.display_name as object_name,
  v.service, v.kind, v.external_id, v.container_id, v.folder_path, v.name, v.size_bytes, v.content_type, v.blob_hash, v.modified_at, v.facts`;

/** Tree keys are `service:path` (path '' is the service's root). */
export function parseFolderKey(key: string): { service: string; path: string } | null {
  const at = key.indexOf(':');
  if (at <= 0) return null;
  return { service: key.slice(0, at), path: key.slice(at + 1) };
}

export async function snapshotRef(db: EngineQueryable, setId: string, snapshotId: string): Promise<{ objectId: string; runSeq: number } | null> {
  const { rows } = await db.query<{ object_id: string; run_seq: number }>('select object_id, run_seq from backup_snapshots where id = $1 and set_id = $2', [snapshotId, setId]);
  return rows[0] ? { objectId: rows[0].object_id, runSeq: rows[0].run_seq } : null;
}

/** Resolves a selection to version ids, within one set (ids of other sets simply do not match). */
export async function resolveSelection(db: EngineQueryable, setId: string, selection: RestoreSelection): Promise<string[]> {
  if (selection.kind === 'items') {
    const { rows } = await db.query<{ id: string }>(`select v.id from backup_item_versions v where v.set_id = $1 and v.id = any($2::uuid[]) and v.kind <> 'folder' order by v.id`, [
      setId,
      selection.itemIds,
    ]);
    return rows.map((r) => r.id);
  }
  const snap = await snapshotRef(db, setId, selection.snapshotId);
  if (!snap) return [];
  if (selection.kind === 'snapshot') {
    const services = selection.services?.length ? selection.services : null;
    const { rows } = await db.query<{ id: string }>(
      `select v.id from backup_item_versions v where v.object_id = $1 and v.kind <> 'folder' and ${VISIBLE_AT('v', '$2')}
          and ($3::text[] is null or v.service = any($3::text[])) order by v.id`,
      [snap.objectId, snap.runSeq, services],
    );
    return rows.map((r) => r.id);
  }
  const ids = new Set<string>();
  for (const key of selection.folders) {
    const folder = parseFolderKey(key);
    if (!folder) continue;
    const { rows } = await db.query<{ id: string }>(
      `select v.id from backup_item_versions v where v.object_id = $1 and v.kind <> 'folder' and ${VISIBLE_AT('v', '$2')}
          and v.service = $3 and ($4 = '' or v.folder_path = $4 or v.folder_path like $5) order by v.id`,
      [snap.objectId, snap.runSeq, folder.service, folder.path, `${folder.path.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`],
    );
    for (const row of rows) ids.add(row.id);
  }
  return [...ids].sort();
}

export async function loadVersions(db: EngineQueryable, ids: string[]): Promise<VersionRow[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<VersionRow>(
    `select ${VERSION_COLUMNS} from backup_item_versions v join backup_objects o on o.id = v.object_id where v.id = any($1::uuid[]) order by v.id`,
    [ids],
  );
  return rows;
}
