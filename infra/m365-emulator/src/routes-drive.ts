import { randomUUID } from 'node:crypto';
import { HttpError, badRequest, decode, readBody, readJson, select, sendError, sendJson, type Ctx, type Route } from './http-kit';
import { sendDeltaPage, sendLatestDeltaLink, sendListPage } from './listing';
import {
  DriveConflictError,
  childrenFrom,
  deleteDriveItem,
  deletedDriveItemJson,
  driveItemBytes,
  driveItemJson,
  driveRecord,
  resolvePath,
  writeDriveItem,
  type ConflictBehavior,
} from './drive-items';
import { driveJson } from './routes-directory';
import type { DriveItemRecord } from './items';
import type { Container, DriveInfo, Tenant } from './tenant';

// OneDrive and document libraries: items by id and by path, children, delta, download (302 to a
// pre-authenticated URL), simple upload and resumable upload sessions.

/** Graph's documented granularity for upload-session byte ranges. */
export const UPLOAD_UNIT = 320 * 1024;
const SESSION_LIFETIME_MS = 15 * 60_000;

export interface UploadSession {
  driveNo: number;
  parent: number;
  name: string;
  conflict: ConflictBehavior;
  total: number | null;
  received: number;
  chunks: Buffer[];
  expires: number;
  /** Client-side times given at session creation (`item.fileSystemInfo`), applied to the file made. */
  fileSystemInfo?: FileSystemInfo;
}

interface FileSystemInfo {
  createdDateTime?: string;
  lastModifiedDateTime?: string;
}

/** `fileSystemInfo` from a request body: ISO times only, anything else is Graph's 400. */
function fileSystemInfoOf(value: unknown): FileSystemInfo | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object') throw badRequest('fileSystemInfo must be an object.', 'invalidRequest');
  const out: FileSystemInfo = {};
  for (const key of ['createdDateTime', 'lastModifiedDateTime'] as const) {
    const time = (value as Record<string, unknown>)[key];
    if (time === undefined) continue;
    if (typeof time !== 'string' || Number.isNaN(Date.parse(time))) throw badRequest(`fileSystemInfo.${key} is not a date and time.`, 'invalidRequest');
    out[key] = new Date(time).toISOString().replace(/\.000Z$/, 'Z');
  }
  return out;
}

/** The record with the client-side times set (the item's own times stay the service's). */
function withFileSystemInfo(record: DriveItemRecord, info: FileSystemInfo | undefined): DriveItemRecord {
  if (!info) return record;
  return {
    ...record,
    fileCreatedDateTime: info.createdDateTime ?? record.fileCreatedDateTime,
    fileModifiedDateTime: info.lastModifiedDateTime ?? record.fileModifiedDateTime,
  };
}

const itemNotFound = () => new HttpError(404, 'itemNotFound', 'The resource could not be found.');

function driveOf(ctx: Ctx, raw: string): { drive: DriveInfo; container: Container } {
  const drive = ctx.tenant.drive(decode(raw));
  if (!drive) throw itemNotFound();
  return { drive, container: ctx.tenant.containers[drive.containerNo] };
}

function itemIndex(ctx: Ctx, container: Container, rawItem: string): number {
  if (rawItem === 'root') return 0;
  const parsed = ctx.tenant.parseItemId('driveItem', decode(rawItem));
  if (!parsed || parsed.container.no !== container.no || !ctx.tenant.exists(container, parsed.index)) throw itemNotFound();
  return parsed.index;
}

function conflictOf(value: unknown): ConflictBehavior {
  if (value === undefined || value === null) return 'fail';
  if (value === 'fail' || value === 'replace' || value === 'rename') return value;
  throw badRequest(`Invalid conflict behavior '${String(value)}'.`, 'invalidRequest');
}

function write(ctx: Ctx, container: Container, parent: number, name: string, content: Parameters<typeof writeDriveItem>[4], conflict: ConflictBehavior) {
  if (!name || /[\\/:*?"<>|]/.test(name)) throw badRequest(`Invalid item name '${name}'.`, 'invalidRequest');
  if (!driveRecord(ctx.tenant, container, parent).folder) throw badRequest('The parent is not a folder.', 'invalidRequest');
  try {
    return writeDriveItem(ctx.tenant, container, parent, name, content, conflict);
  } catch (error) {
    if (error instanceof DriveConflictError) throw new HttpError(409, 'nameAlreadyExists', error.message);
    throw error;
  }
}

function sendItem(ctx: Ctx, drive: DriveInfo, container: Container, index: number, status = 200) {
  sendJson(ctx.res, status, select(ctx, driveItemJson(ctx.tenant, drive, container, index, ctx.origin)));
}

function sendChildren(ctx: Ctx, drive: DriveInfo, container: Container, parent: number) {
  if (!driveRecord(ctx.tenant, container, parent).folder) throw badRequest('The item is not a folder.', 'invalidRequest');
  sendListPage(ctx, container, (i) => driveItemJson(ctx.tenant, drive, container, i, ctx.origin), {
    fallbackTop: 200,
    maxTop: 1000,
    indices: (start) => childrenFrom(ctx.tenant, container, parent, start),
  });
}

function redirectToContent(ctx: Ctx, drive: DriveInfo, container: Container, index: number) {
  const json = driveItemJson(ctx.tenant, drive, container, index, ctx.origin);
  const location = json['@microsoft.graph.downloadUrl'];
  if (typeof location !== 'string') throw badRequest('Folders have no content.', 'invalidRequest');
  ctx.res.writeHead(302, { location, 'content-length': 0 }).end();
}

async function putContent(ctx: Ctx, drive: DriveInfo, container: Container, parent: number, name: string) {
  const bytes = await readBody(ctx.req);
  const conflict = conflictOf(ctx.url.searchParams.get('@microsoft.graph.conflictBehavior') ?? 'replace');
  const { index, created } = write(ctx, container, parent, name, { folder: false, bytes }, conflict);
  sendItem(ctx, drive, container, index, created ? 201 : 200);
}

function createSession(ctx: Ctx, sessions: Map<string, UploadSession>, drive: DriveInfo, container: Container, parent: number, name: string, body: { item?: Record<string, unknown> }) {
  const conflict = conflictOf(body.item?.['@microsoft.graph.conflictBehavior'] ?? 'replace');
  if (!driveRecord(ctx.tenant, container, parent).folder) throw badRequest('The parent is not a folder.', 'invalidRequest');
  if (conflict === 'fail' && resolvePath(ctx.tenant, container, parent, name) !== null) throw new HttpError(409, 'nameAlreadyExists', `An item named '${name}' already exists`);
  const id = randomUUID();
  const expires = Date.now() + SESSION_LIFETIME_MS;
  const fileSystemInfo = fileSystemInfoOf(body.item?.fileSystemInfo);
  sessions.set(id, { driveNo: drive.no, parent, name, conflict, total: null, received: 0, chunks: [], expires, fileSystemInfo });
  sendJson(ctx.res, 200, { uploadUrl: `${ctx.origin}/_upload/${id}`, expirationDateTime: new Date(expires).toISOString(), nextExpectedRanges: ['0-'] });
}

/** Makes every folder of `path` below `from`, as Graph does for uploads by path. */
function ensureFolders(ctx: Ctx, container: Container, from: number, segments: string[]): number {
  let current = from;
  for (const segment of segments) current = write(ctx, container, current, segment, { folder: true }, 'replace').index;
  return current;
}

/** Handles `/drives/{d}/root:/a/b:/action` and `/drives/{d}/items/{id}:/name:/action`. */
function pathRoute(sessions: Map<string, UploadSession>): Route['handler'] {
  return async (ctx, [d, base, rest]) => {
    const { drive, container } = driveOf(ctx, d);
    const from = itemIndex(ctx, container, base === 'root' ? 'root' : base.slice('items/'.length));
    const split = rest.lastIndexOf(':/');
    const itemPath = decode(split >= 0 ? rest.slice(0, split) : rest.replace(/:$/, ''));
    const action = split >= 0 ? rest.slice(split + 1) : '';
    const segments = itemPath.split('/').filter(Boolean);
    const method = ctx.req.method ?? 'GET';
    if (action === '' && method === 'GET') {
      const index = resolvePath(ctx.tenant, container, from, itemPath);
      if (index === null) throw itemNotFound();
      return sendItem(ctx, drive, container, index);
    }
    if (action === '/children' && method === 'GET') {
      const index = resolvePath(ctx.tenant, container, from, itemPath);
      if (index === null) throw itemNotFound();
      return sendChildren(ctx, drive, container, index);
    }
    if (action === '/content' && method === 'GET') {
      const index = resolvePath(ctx.tenant, container, from, itemPath);
      if (index === null) throw itemNotFound();
      return redirectToContent(ctx, drive, container, index);
    }
    if (segments.length === 0) throw badRequest('A file name is required.', 'invalidRequest');
    const name = segments[segments.length - 1];
    if (action === '/content' && method === 'PUT') {
      return putContent(ctx, drive, container, ensureFolders(ctx, container, from, segments.slice(0, -1)), name);
    }
    if (action === '/createUploadSession' && method === 'POST') {
      const body = (await ctx.body()).length ? await readJson<{ item?: Record<string, unknown> }>(ctx) : {};
      return createSession(ctx, sessions, drive, container, ensureFolders(ctx, container, from, segments.slice(0, -1)), name, body);
    }
    throw new HttpError(405, 'invalidRequest', `${method} is not supported on ${action || 'this item'}.`);
  };
}

export function driveRoutes(sessions: Map<string, UploadSession>): Route[] {
  const ITEM = '(root|items\\/[^/:]+)';
  const index = (ctx: Ctx, container: Container, base: string) => itemIndex(ctx, container, base === 'root' ? 'root' : base.slice('items/'.length));
  return [
    { method: 'GET', pattern: /^\/drives\/([^/]+)$/, handler: (ctx, [d]) => sendJson(ctx.res, 200, driveJson(ctx.tenant, driveOf(ctx, d).drive)) },
    {
      method: 'GET',
      pattern: /^\/drives\/([^/]+)\/root\/delta$/,
      handler: (ctx, [d]) => {
        const { drive, container } = driveOf(ctx, d);
        if (ctx.url.searchParams.get('token') === 'latest') return sendLatestDeltaLink(ctx, container);
        sendDeltaPage(ctx, container, (i) => driveItemJson(ctx.tenant, drive, container, i, ctx.origin), (i) => deletedDriveItemJson(ctx.tenant, drive, container, i), { fallbackTop: 200, maxTop: 1000 });
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`^\\/drives\\/([^/]+)\\/${ITEM}$`),
      handler: (ctx, [d, base]) => {
        const { drive, container } = driveOf(ctx, d);
        sendItem(ctx, drive, container, index(ctx, container, base));
      },
    },
    {
      method: 'DELETE',
      pattern: new RegExp(`^\\/drives\\/([^/]+)\\/${ITEM}$`),
      handler: (ctx, [d, base]) => {
        const { container } = driveOf(ctx, d);
        const i = index(ctx, container, base);
        if (i === 0) throw new HttpError(403, 'accessDenied', 'The root cannot be deleted.');
        deleteDriveItem(ctx.tenant, container, i);
        ctx.res.writeHead(204).end();
      },
    },
    {
      // Update item: only the client-side times (`fileSystemInfo`) are emulated, as a restore sets them.
      method: 'PATCH',
      pattern: new RegExp(`^\\/drives\\/([^/]+)\\/${ITEM}$`),
      handler: async (ctx, [d, base]) => {
        const { drive, container } = driveOf(ctx, d);
        const i = index(ctx, container, base);
        const body = await readJson<Record<string, unknown>>(ctx);
        const info = fileSystemInfoOf(body.fileSystemInfo);
        if (!info) throw badRequest('Only fileSystemInfo can be updated on this emulator.', 'invalidRequest');
        const record = withFileSystemInfo(driveRecord(ctx.tenant, container, i), info);
        ctx.tenant.touchItem(container, i, { ...record, lastModifiedDateTime: ctx.tenant.timeOf(ctx.tenant.seq + 1) });
        sendItem(ctx, drive, container, i);
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`^\\/drives\\/([^/]+)\\/${ITEM}\\/children$`),
      handler: (ctx, [d, base]) => {
        const { drive, container } = driveOf(ctx, d);
        sendChildren(ctx, drive, container, index(ctx, container, base));
      },
    },
    {
      method: 'POST',
      pattern: new RegExp(`^\\/drives\\/([^/]+)\\/${ITEM}\\/children$`),
      handler: async (ctx, [d, base]) => {
        const { drive, container } = driveOf(ctx, d);
        const parent = index(ctx, container, base);
        const body = await readJson<{ name?: unknown; folder?: unknown; '@microsoft.graph.conflictBehavior'?: unknown }>(ctx);
        if (typeof body.name !== 'string' || body.folder === undefined) throw badRequest('name and folder are required.', 'invalidRequest');
        const { index: created, created: isNew } = write(ctx, container, parent, body.name, { folder: true }, conflictOf(body['@microsoft.graph.conflictBehavior']));
        sendItem(ctx, drive, container, created, isNew ? 201 : 200);
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`^\\/drives\\/([^/]+)\\/${ITEM}\\/content$`),
      handler: (ctx, [d, base]) => {
        const { drive, container } = driveOf(ctx, d);
        redirectToContent(ctx, drive, container, index(ctx, container, base));
      },
    },
    {
      method: 'PUT',
      pattern: new RegExp(`^\\/drives\\/([^/]+)\\/${ITEM}\\/content$`),
      handler: async (ctx, [d, base]) => {
        const { drive, container } = driveOf(ctx, d);
        const i = index(ctx, container, base);
        const record = driveRecord(ctx.tenant, container, i);
        if (record.folder) throw badRequest('Folders have no content.', 'invalidRequest');
        const bytes = await readBody(ctx.req);
        ctx.tenant.touchItem(container, i, { ...record, bytes, contentKey: undefined, size: bytes.length, lastModifiedDateTime: ctx.tenant.timeOf(ctx.tenant.seq + 1), fileModifiedDateTime: undefined });
        sendItem(ctx, drive, container, i);
      },
    },
    { method: '*', pattern: new RegExp(`^\\/drives\\/([^/]+)\\/${ITEM}:(.*)$`), handler: pathRoute(sessions) },
  ];
}

/** Anonymous download of `/_download/{token}` (the pre-authenticated URL the 302 points to). */
export function serveDownload(tenant: Tenant, token: string, res: Ctx['res'], corrupt = false): void {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  const drive = match ? tenant.drives[Number(match[1])] : undefined;
  const container = drive ? tenant.containers[drive.containerNo] : undefined;
  const index = match ? Number(match[2]) : -1;
  if (!drive || !container || !tenant.exists(container, index)) return sendError(res, 404, 'itemNotFound', 'The resource could not be found.');
  const record = driveRecord(tenant, container, index);
  if (record.folder) return sendError(res, 400, 'invalidRequest', 'Folders have no content.');
  let bytes = driveItemBytes(record);
  if (corrupt && bytes.length > 0) {
    bytes = Buffer.from(bytes);
    bytes[0] ^= 0xff;
  }
  res.writeHead(200, { 'content-type': record.mimeType ?? 'application/octet-stream', 'content-length': bytes.length });
  res.end(bytes);
}

/** `PUT|GET|DELETE /_upload/{session}`: byte ranges of a resumable upload, validated as Graph does. */
export async function serveUpload(ctx: Ctx, sessions: Map<string, UploadSession>, id: string): Promise<void> {
  const session = sessions.get(id);
  if (!session || session.expires < Date.now()) {
    sessions.delete(id);
    return sendError(ctx.res, 404, 'itemNotFound', 'The upload session was not found or has expired.');
  }
  const method = ctx.req.method ?? 'GET';
  const status = () => ({ expirationDateTime: new Date(session.expires).toISOString(), nextExpectedRanges: [`${session.received}-${session.total === null ? '' : session.total - 1}`] });
  if (method === 'DELETE') {
    sessions.delete(id);
    ctx.res.writeHead(204).end();
    return;
  }
  if (method === 'GET') return sendJson(ctx.res, 200, status());
  if (method !== 'PUT') return sendError(ctx.res, 405, 'invalidRequest', `${method} is not supported on an upload session.`);
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(ctx.req.headers['content-range'] ?? ''));
  const bytes = await readBody(ctx.req, 60 * 1024 * 1024);
  if (!range) return sendError(ctx.res, 400, 'invalidRequest', 'Content-Range is required: bytes start-end/total.');
  const [start, end, total] = [Number(range[1]), Number(range[2]), Number(range[3])];
  if (end < start || end >= total || bytes.length !== end - start + 1) return sendError(ctx.res, 400, 'invalidRequest', 'Content-Range does not match the body length.');
  if (session.total !== null && session.total !== total) return sendError(ctx.res, 400, 'invalidRequest', 'The total size changed during the upload.');
  if (start !== session.received) return sendError(ctx.res, 416, 'invalidRange', `Expected the range to start at ${session.received}.`);
  const final = end === total - 1;
  if (!final && bytes.length % UPLOAD_UNIT !== 0) return sendError(ctx.res, 400, 'invalidRequest', 'Byte ranges other than the last must be a multiple of 320 KiB.');
  session.total = total;
  session.chunks.push(bytes);
  session.received = end + 1;
  session.expires = Date.now() + SESSION_LIFETIME_MS;
  if (!final) return sendJson(ctx.res, 202, status());
  sessions.delete(id);
  const drive = ctx.tenant.drives[session.driveNo];
  const container = ctx.tenant.containers[drive.containerNo];
  try {
    const { index, created } = writeDriveItem(ctx.tenant, container, session.parent, session.name, { folder: false, bytes: Buffer.concat(session.chunks) }, session.conflict);
    if (session.fileSystemInfo) container.stored.set(index, withFileSystemInfo(driveRecord(ctx.tenant, container, index), session.fileSystemInfo));
    sendJson(ctx.res, created ? 201 : 200, driveItemJson(ctx.tenant, drive, container, index, ctx.origin));
  } catch (error) {
    if (error instanceof DriveConflictError) return sendError(ctx.res, 409, 'nameAlreadyExists', error.message);
    throw error;
  }
}
