import { guidFor, hashKey, rngFor } from './prng';
import { contentBytes, fileNameFor, type DriveItemRecord } from './items';
import { VIRTUAL_EPOCH, type Container, type DriveInfo, type Tenant } from './tenant';
import { FILE_KINDS } from './words';

// Drive layout inside a container: index 0 is the root, 1..folderCount the generated folders,
// then the generated files (spread over the folders in contiguous ranges), then everything added
// later (mutations, uploads, created folders). Parents always have smaller indices than children.

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function layout(container: Container) {
  if (!container.drive) throw new Error(`container ${container.no} is not a drive`);
  return container.drive;
}

const firstFileIndex = (container: Container) => 1 + layout(container).folderCount;

/** Folder of the j-th generated file: files are split over root + folders in contiguous ranges. */
function rangeFolder(container: Container, j: number): number {
  const { folderCount, fileCount } = layout(container);
  return Math.floor((j * (folderCount + 1)) / fileCount);
}

function rangeStart(container: Container, folder: number): number {
  const { folderCount, fileCount } = layout(container);
  return Math.ceil((folder * fileCount) / (folderCount + 1));
}

export function mimeTypeFor(name: string): string {
  const ext = name.split('.').pop()?.toLowerCase();
  return FILE_KINDS.find((kind) => kind.ext === ext)?.mimeType ?? 'application/octet-stream';
}

export function driveRecord(tenant: Tenant, container: Container, index: number): DriveItemRecord {
  const stored = container.stored.get(index) as DriveItemRecord | undefined;
  if (stored) return stored;
  const { folderCount, folderNames, folderParent } = layout(container);
  const created = iso(VIRTUAL_EPOCH - 800 * DAY + (hashKey(tenant.seed, container.key, 'created', index) % 30) * DAY);
  if (index <= folderCount) {
    return { name: folderNames[index], parentIndex: index === 0 ? -1 : folderParent[index], folder: true, size: 0, createdDateTime: created, lastModifiedDateTime: created };
  }
  const { v, seq } = tenant.state(container, index);
  const r = rngFor(tenant.seed, container.key, index);
  const kind = r.pick(FILE_KINDS);
  const roll = r.next();
  let size = roll < 0.8 ? r.int(1_000, 16_000) : roll < 0.98 ? r.int(16_000, 128_000) : r.int(128_000, 1_000_000);
  let contentKey = `${tenant.seed}:${container.key}:${index}`;
  // Some files are company templates present in many drives, byte for byte.
  if (r.chance(0.15)) {
    const n = r.int(0, 299);
    contentKey = `${tenant.seed}:pool-file:${n}`;
    size = rngFor('poolsize', contentKey).int(4_000, 64_000);
  }
  if (v > 0) {
    contentKey = `${contentKey}:v${v}`;
    size += hashKey(contentKey) % 4096;
  }
  const fileTime = VIRTUAL_EPOCH - Math.floor(r.next() * 700 * DAY);
  const parentIndex =
    index < container.baseCount
      ? rangeFolder(container, index - firstFileIndex(container))
      : hashKey(tenant.seed, 'addparent', container.no, index) % (folderCount + 1);
  return {
    name: fileNameFor(r, index, kind.ext),
    parentIndex,
    folder: false,
    size,
    mimeType: kind.mimeType,
    contentKey,
    createdDateTime: iso(fileTime),
    lastModifiedDateTime: seq > 0 ? tenant.timeOf(seq) : iso(fileTime),
  };
}

export function driveItemBytes(record: DriveItemRecord): Buffer {
  return record.bytes ?? contentBytes(record.contentKey ?? record.name, record.size);
}

/** `/A/B` for a folder (empty for the root). */
export function folderPath(tenant: Tenant, container: Container, index: number): string {
  const names: string[] = [];
  let current = index;
  while (current > 0) {
    const record = driveRecord(tenant, container, current);
    names.unshift(record.name);
    current = record.parentIndex;
  }
  return names.length ? `/${names.join('/')}` : '';
}

/** Children of `parent` with index >= `start`, in increasing index order (so an index is a paging cursor). */
export function* childrenFrom(tenant: Tenant, container: Container, parent: number, start: number): Generator<number> {
  const { folderCount, folderParent, fileCount } = layout(container);
  for (let k = Math.max(start, 1); k <= folderCount; k++) {
    if (folderParent[k] === parent && tenant.exists(container, k)) yield k;
  }
  if (parent <= folderCount && fileCount > 0) {
    const first = firstFileIndex(container);
    const from = Math.max(start, first + rangeStart(container, parent));
    const to = first + rangeStart(container, parent + 1);
    for (let index = from; index < to; index++) if (tenant.exists(container, index)) yield index;
  }
  for (let index = Math.max(start, container.baseCount); index < container.count; index++) {
    if (tenant.exists(container, index) && driveRecord(tenant, container, index).parentIndex === parent) yield index;
  }
}

export function childCount(tenant: Tenant, container: Container, parent: number): number {
  let count = 0;
  for (const _ of childrenFrom(tenant, container, parent, 0)) count++;
  return count;
}

export function findChild(tenant: Tenant, container: Container, parent: number, name: string): number | null {
  const lower = name.toLowerCase();
  const named = container.names.get(`${parent}/${lower}`);
  if (named !== undefined && tenant.exists(container, named)) return named;
  const { folderCount, folderNames, folderParent } = layout(container);
  for (let k = 1; k <= folderCount; k++) {
    if (folderParent[k] === parent && folderNames[k].toLowerCase() === lower && tenant.exists(container, k)) return k;
  }
  // Generated file names end in `_<index>.<ext>`, which finds the candidate without a scan.
  const match = /_(\d+)\.[A-Za-z0-9]+$/.exec(name);
  if (match) {
    const index = Number(match[1]);
    if (index > folderCount && tenant.exists(container, index)) {
      const record = driveRecord(tenant, container, index);
      if (record.parentIndex === parent && record.name.toLowerCase() === lower) return index;
    }
  }
  return null;
}

/** Walks `/a/b/c` below `from`; null when a segment is missing or goes through a file. */
export function resolvePath(tenant: Tenant, container: Container, from: number, path: string): number | null {
  let current = from;
  for (const segment of path.split('/').filter(Boolean)) {
    if (!driveRecord(tenant, container, current).folder) return null;
    const next = findChild(tenant, container, current, segment);
    if (next === null) return null;
    current = next;
  }
  return current;
}

export type ConflictBehavior = 'fail' | 'replace' | 'rename';

export class DriveConflictError extends Error {}

function freeName(tenant: Tenant, container: Container, parent: number, name: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let n = 1; ; n++) {
    const candidate = `${stem} ${n}${ext}`;
    if (findChild(tenant, container, parent, candidate) === null) return candidate;
  }
}

/** Creates or replaces a file or folder written through the API. */
export function writeDriveItem(
  tenant: Tenant,
  container: Container,
  parent: number,
  name: string,
  content: { folder: true } | { folder: false; bytes: Buffer },
  conflict: ConflictBehavior,
): { index: number; created: boolean } {
  let finalName = name;
  const existing = findChild(tenant, container, parent, name);
  if (existing !== null) {
    const current = driveRecord(tenant, container, existing);
    if (conflict === 'fail') throw new DriveConflictError(`An item named '${name}' already exists`);
    if (conflict === 'replace') {
      if (current.folder !== content.folder) throw new DriveConflictError(`'${name}' exists as a ${current.folder ? 'folder' : 'file'}`);
      if (content.folder) return { index: existing, created: false };
      const record: DriveItemRecord = { ...current, size: content.bytes.length, bytes: content.bytes, contentKey: undefined, mimeType: mimeTypeFor(name) };
      tenant.touchItem(container, existing, record);
      record.lastModifiedDateTime = tenant.timeOf(tenant.state(container, existing).seq);
      container.names.set(`${parent}/${current.name.toLowerCase()}`, existing);
      return { index: existing, created: false };
    }
    finalName = freeName(tenant, container, parent, name);
  }
  const now = tenant.timeOf(tenant.seq + 1);
  const record: DriveItemRecord = content.folder
    ? { name: finalName, parentIndex: parent, folder: true, size: 0, createdDateTime: now, lastModifiedDateTime: now }
    : { name: finalName, parentIndex: parent, folder: false, size: content.bytes.length, bytes: content.bytes, mimeType: mimeTypeFor(finalName), createdDateTime: now, lastModifiedDateTime: now };
  const index = tenant.addItem(container, record);
  container.names.set(`${parent}/${finalName.toLowerCase()}`, index);
  return { index, created: true };
}

export function deleteDriveItem(tenant: Tenant, container: Container, index: number): void {
  const record = driveRecord(tenant, container, index);
  container.names.delete(`${record.parentIndex}/${record.name.toLowerCase()}`);
  tenant.deleteItem(container, index);
}

export function isDriveFile(tenant: Tenant, container: Container, index: number): boolean {
  return index >= firstFileIndex(container) && !driveRecord(tenant, container, index).folder;
}

export function downloadToken(drive: DriveInfo, index: number, v: number): string {
  return Buffer.from(`${drive.no}.${index}.${v}`).toString('base64url');
}

export function driveItemJson(tenant: Tenant, drive: DriveInfo, container: Container, index: number, origin: string) {
  const record = driveRecord(tenant, container, index);
  const { v } = tenant.state(container, index);
  const id = tenant.itemId(container, index);
  const etagGuid = guidFor(tenant.seed, container.key, index).toUpperCase();
  const site = drive.ownerSite === undefined ? undefined : tenant.sites[drive.ownerSite];
  const user = drive.ownerUser === undefined ? undefined : tenant.users[drive.ownerUser];
  const driveUrl = site ? `${site.webUrl}/${encodeURIComponent(drive.name)}` : `https://${tenant.sharePointHost.replace('.sharepoint', '-my.sharepoint')}/personal/${user?.userPrincipalName.replace(/[@.]/g, '_')}/Documents`;
  const parentPath = record.parentIndex >= 0 ? folderPath(tenant, container, record.parentIndex) : '';
  const json: Record<string, unknown> = {
    '@odata.etag': `"{${etagGuid}},${v + 1}"`,
    id,
    name: index === 0 ? 'root' : record.name,
    eTag: `"{${etagGuid}},${v + 1}"`,
    cTag: `"c:{${etagGuid}},${v + 1}"`,
    createdDateTime: record.createdDateTime,
    lastModifiedDateTime: record.lastModifiedDateTime,
    size: record.size,
    webUrl: `${driveUrl}${index === 0 ? '' : `${parentPath}/${encodeURIComponent(record.name)}`}`,
    parentReference:
      index === 0
        ? { driveId: drive.id, driveType: drive.driveType }
        : { driveId: drive.id, driveType: drive.driveType, id: tenant.itemId(container, record.parentIndex), path: `/drive/root:${parentPath}` },
  };
  if (index === 0) json.root = {};
  if (record.folder) json.folder = { childCount: childCount(tenant, container, index) };
  else {
    json.file = { mimeType: record.mimeType ?? 'application/octet-stream' };
    json['@microsoft.graph.downloadUrl'] = `${origin}/_download/${downloadToken(drive, index, v)}`;
  }
  return json;
}

export function deletedDriveItemJson(tenant: Tenant, drive: DriveInfo, container: Container, index: number) {
  return { id: tenant.itemId(container, index), parentReference: { driveId: drive.id, driveType: drive.driveType }, deleted: { state: 'deleted' } };
}
