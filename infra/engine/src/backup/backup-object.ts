import type { BackupService } from '@portal/contracts';
import { BATCH_LIMIT, GraphError, isDeltaResyncRequired, type GraphClient, type GraphDriveItem, type GraphEvent, type GraphContact, type GraphChannel, type GraphChatMessage, type GraphMailFolder, type GraphMessage, type DeltaItem, type DeltaPage, type UserOpening } from '@portal/graph-connector';
import { closeUnseen, currentTags, holdsVersions, writeVersions, type ItemRecord, type WriteCounts } from '../catalog/catalog';
import { readCheckpoints, type Checkpoint, type ObjectCheckpoints } from '../catalog/checkpoints';
import { ObjectWrites } from '../catalog/object-writes';
import { addCounts, emptyCounts } from '../catalog/page-writes';
import { runPool, type JobContext } from '../jobs/job-context';
import type { BlobStore, EngineDb, PutResult } from '../ports';
import { canonicalJson } from './canonical-json';
import { deltaRound, FirstPages, type RoundStart } from './first-pages';
import { fileFacts, messageFacts } from '../catalog/item-facts';

export interface ObjectRef {
  id: string;
  kind: 'user' | 'site' | 'group' | 'team';
  externalId: string;
  displayName: string;
}

export interface ObjectBackupEnv {
  db: EngineDb;
  blobs: BlobStore;
  graph: GraphClient;
  job: JobContext;
  setId: string;
  tenantRowId: string;
  runSeq: number;
  services: BackupService[];
  /** Content fetches in flight per object. */
  fetchConcurrency: number;
  /** How the object's checkpoints are read (a run reads many objects' at once: checkpointReader); default one statement per object. */
  readCheckpoints?: ObjectCheckpoints;
}

/** The environment of one object's backup (backupObject). */
interface ObjectEnv extends ObjectBackupEnv {
  /**
   * The object's stream checkpoints as its backup started (read in one statement). Each stream reads
   * its own once, before it writes it, so this is what the catalog holds then.
   */
  checkpoints: Map<string, Checkpoint>;
  /** Where the object's pages are written, gathered, and what it writes as it ends. */
  end: ObjectWrites;
  /**
   * The catalog held nothing of the object as its backup started (its first backup, not a resumed
   * one): what a stream lists was not stored before, so looking up stored change tags, known folders or
   * unseen versions would only find what this round itself wrote.
   */
  firstBackup: boolean;
  /** A user's delta rounds that go on from stored links start from first pages fetched together (backupUser); null: each asks alone. */
  firstPages: FirstPages | null;
}

/**
 * Change tags the catalog holds for some items (to skip unchanged ones without fetching content); none
 * on a first backup, for streams whose round lists an item once (a repeat is only fetched again).
 */
const storedTags = (env: ObjectEnv, object: ObjectRef, service: BackupService, externalIds: string[]) =>
  env.firstBackup ? new Map<string, string | null>() : currentTags(env.db, object.id, service, externalIds);

/** A stream's checkpoint as the object's backup started. */
const checkpointOf = (env: ObjectEnv, stream: string): Checkpoint | null => env.checkpoints.get(stream) ?? null;


function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const address = (recipient?: { emailAddress?: { address?: string; name?: string } } | null) => recipient?.emailAddress?.address ?? null;

/**
 * A delta stream (a mail folder, a drive): resumes from the stored link, stores each page's contents
 * and hands its records, removals and link to the object's writes (ObjectWrites), which write them
 * together with other pages', so a kill loses at most the pages since the last write. A stream
 * finished in this run already is skipped when a resumed run reaches it again. Its counts are those of
 * versions it ended itself; the pages' are the object's writes'.
 */
async function deltaStream<T extends { id: string }>(
  env: ObjectEnv,
  object: ObjectRef,
  stream: string,
  open: (link?: string) => AsyncIterable<DeltaPage<T>>,
  /** The records of a page's items (their content stored); they are written with the page's removals and checkpoint. */
  handlePage: (items: T[]) => Promise<ItemRecord[]>,
  service: BackupService,
  containerId: string,
  /** A round without a link lists the whole collection (not channel messages: eight months only). */
  fullRoundListsAll = false,
): Promise<WriteCounts> {
  const counts = emptyCounts();
  const checkpoint = checkpointOf(env, stream);
  if (checkpoint && checkpoint.runSeq === env.runSeq && checkpoint.roundComplete) return counts;
  let link = checkpoint?.link ?? undefined;
  // Ids listed by a round that started here without a link: what the catalog holds beyond them is gone.
  let fromScratch = !link;
  const seen = new Set<string>();
  let resynced = false;
  for (let restarts = 0; ; restarts += 1) {
    try {
      for await (const page of open(link)) {
        await env.job.checkpoint();
        if (fromScratch) for (const item of page.items) seen.add(item.id);
        const records = await handlePage(page.items);
        link = page.nextLink ?? page.deltaLink ?? undefined;
        await env.end.page(records, {
          removed: { service, externalIds: page.removedIds, containerId },
          checkpoint: { stream, link: link ?? null, runSeq: env.runSeq, roundComplete: !page.nextLink },
        });
      }
      break;
    } catch (error) {
      // 410: Graph no longer knows this sync state (Learn: "delta query", resyncRequired). A new round
      // without a token lists everything again; unchanged items cost no content fetch (change tags).
      if (!isDeltaResyncRequired(error) || restarts > 0) throw error;
      await env.job.log('warn', `${object.displayName}: Graph asked for a full resynchronisation of ${stream}; listing it again`);
      await env.end.write(stream, { link: null, runSeq: env.runSeq, roundComplete: false });
      link = undefined;
      fromScratch = true;
      resynced = true;
      seen.clear();
    }
  }
  // On a first backup without a resynchronisation, the round's own versions are all it listed.
  if (fromScratch && fullRoundListsAll && !(env.firstBackup && !resynced)) counts.removed += await closeUnseen(env.db, object.id, service, seen, env.runSeq, containerId);
  return counts;
}

/** When a page's gathered contents are stored (pagePuts): a page of large files never sits in memory whole. */
const PUT_BATCH_BYTES = 16 * 1024 * 1024;
const PUT_BATCH_ITEMS = 500;

/**
 * A page's contents gathered for one putMany: fetched one by one (drive files) or twenty at a time (MIME
 * batches), they share one blob-index read and one write per batch instead of one per fetch. A batch is
 * stored once it holds PUT_BATCH_BYTES or PUT_BATCH_ITEMS; `flush` stores the rest. `stored` runs for
 * each content once its blob exists.
 */
export function pagePuts<T>(env: Pick<ObjectBackupEnv, 'blobs' | 'tenantRowId' | 'job'>, stored: (item: T, content: Buffer, put: PutResult) => void) {
  let pending: Array<{ item: T; content: Buffer }> = [];
  let bytes = 0;
  async function flush(): Promise<void> {
    const batch = pending;
    pending = [];
    bytes = 0;
    if (!batch.length) return;
    const puts = await env.blobs.putMany(env.tenantRowId, batch.map((entry) => entry.content));
    batch.forEach((entry, i) => {
      env.job.progress.bytesDone += entry.content.length;
      stored(entry.item, entry.content, puts[i]);
    });
  }
  return {
    async add(item: T, content: Buffer): Promise<void> {
      pending.push({ item, content });
      bytes += content.length;
      if (bytes >= PUT_BATCH_BYTES || pending.length >= PUT_BATCH_ITEMS) await flush();
    },
    flush,
  };
}

/** A fetched body as a Buffer without copying its bytes. */
const asBuffer = (bytes: Uint8Array) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** Stores items as canonical JSON in one batch of blob puts; the records to write for them. */
async function storeAsJson<T>(env: ObjectEnv, items: T[], toRecord: (item: T, content: Buffer) => ItemRecord): Promise<ItemRecord[]> {
  const contents = items.map((item) => Buffer.from(canonicalJson(item)));
  const puts = await env.blobs.putMany(env.tenantRowId, contents);
  for (const content of contents) env.job.progress.bytesDone += content.length;
  return items.map((item, i) => ({ ...toRecord(item, contents[i]), blobHash: puts[i].hash }));
}

/** A full listing (no delta API): unchanged items are skipped by change tag; unseen ones are closed. */
async function listingStream<T extends { id: string }>(
  env: ObjectEnv,
  object: ObjectRef,
  stream: string,
  items: AsyncIterable<T>,
  service: BackupService,
  toRecord: (item: T, content: Buffer) => ItemRecord,
  tagOf: (item: T) => string | null,
  containerId?: string,
): Promise<WriteCounts> {
  const counts = emptyCounts();
  const checkpoint = checkpointOf(env, stream);
  if (checkpoint && checkpoint.runSeq === env.runSeq && checkpoint.roundComplete) return counts;
  const seen = new Set<string>();
  let batch: T[] = [];
  const flush = async () => {
    const tags = await currentTags(env.db, object.id, service, batch.map((item) => item.id));
    const changed = batch.filter((item) => {
      const tag = tagOf(item);
      return !(tags.has(item.id) && tag !== null && tags.get(item.id) === tag);
    });
    const records = await storeAsJson(env, changed, toRecord);
    env.job.progress.itemsDone += batch.length;
    addCounts(counts, await writeVersions(env.db, env.setId, object.id, env.runSeq, records));
    batch = [];
    await env.job.checkpoint();
  };
  for await (const item of items) {
    seen.add(item.id);
    batch.push(item);
    if (batch.length >= 200) await flush();
  }
  await flush();
  counts.removed += await closeUnseen(env.db, object.id, service, seen, env.runSeq, containerId);
  await env.end.write(stream, { link: null, runSeq: env.runSeq, roundComplete: true });
  return counts;
}

/** The link a stream's round goes on from in this run: none when it starts anew, or is done already. */
function roundLink(env: ObjectEnv, stream: string): string | undefined {
  const checkpoint = checkpointOf(env, stream);
  return checkpoint && !(checkpoint.runSeq === env.runSeq && checkpoint.roundComplete) ? (checkpoint.link ?? undefined) : undefined;
}

/** A delta round from `link`, starting from its first page when the object's batch fetched it (FirstPages). */
function withFirstPage<T extends DeltaItem>(env: ObjectEnv, stream: string, link: string | undefined, open: (first?: DeltaPage<T>) => AsyncIterable<DeltaPage<T>>): AsyncIterable<DeltaPage<T>> {
  return (async function* () {
    yield* open(await env.firstPages?.first<T>(stream, link));
  })();
}

function messageRecord(folder: GraphMailFolder, message: GraphMessage, mime: Buffer, put: PutResult): ItemRecord {
  return {
    service: 'mail',
    kind: 'message',
    externalId: message.id,
    containerId: folder.id,
    folderPath: folder.path ?? folder.displayName,
    name: message.subject ?? '',
    sender: address(message.from ?? message.sender),
    recipients: [...(message.toRecipients ?? []), ...(message.ccRecipients ?? [])].map(address).filter((a): a is string => !!a),
    sizeBytes: mime.length,
    hasAttachments: message.hasAttachments ?? false,
    modifiedAt: message.receivedDateTime ?? message.lastModifiedDateTime ?? null,
    contentType: 'message/rfc822',
    blobHash: put.hash,
    changeTag: message.changeKey ?? null,
    facts: messageFacts(message),
  };
}

/**
 * The records of some folders' messages (a page of one folder, or the first pages of a batch of
 * folders), their MIME stored; messages whose change key the catalog holds already are skipped. The
 * MIME form keeps everything (headers, body, attachments) and restores as it was. Small messages
 * travel in JSON batches (one round trip for up to 20), ones with attachments alone.
 */
async function storeMessages(env: ObjectEnv, object: ObjectRef, pages: Array<{ folder: GraphMailFolder; messages: GraphMessage[] }>): Promise<ItemRecord[][]> {
  const userId = object.externalId;
  const listed = pages.flatMap(({ messages }, page) => messages.map((message) => ({ message, page })));
  const tags = await storedTags(env, object, 'mail', listed.map(({ message }) => message.id));
  const changed = listed.filter(({ message }) => !(message.changeKey && tags.get(message.id) === message.changeKey));
  env.job.progress.itemsDone += listed.length - changed.length;
  const records: ItemRecord[][] = pages.map(() => []);
  const puts = pagePuts<{ message: GraphMessage; page: number }>(env, ({ message, page }, mime, put) => {
    env.job.progress.itemsDone += 1;
    records[page].push(messageRecord(pages[page].folder, message, mime, put));
  });
  const units = [...chunks(changed.filter(({ message }) => !message.hasAttachments), BATCH_LIMIT), ...changed.filter(({ message }) => message.hasAttachments).map((entry) => [entry])];
  await runPool(units, env.fetchConcurrency, async (unit) => {
    const ids = unit.map(({ message }) => message.id);
    const mimes = unit.length === 1 ? [await env.graph.getMessageMime(userId, ids[0])] : await env.graph.getMessageMimes(userId, ids);
    for (const [index, entry] of unit.entries()) await puts.add(entry, asBuffer(mimes[index]));
  });
  await puts.flush();
  return records;
}

/** A mail folder's delta stream is named by this and the folder's id. */
const MAIL_STREAM = 'mail:';
const mailStream = (folderId: string) => `${MAIL_STREAM}${folderId}`;

/**
 * A mail folder that had child folders when the user's folders were last listed is marked by a stream
 * of this name and its id (no link: a checkpoint of that run). The next run asks for its children in
 * the user's first batch: listing them after it was one more request in a row for every user with a
 * nested folder (51 of the demo tenant's incremental, of about 230), and a round trip to Graph each.
 */
const PARENT_MARK = 'mailparent:';

/** The folders marked as parents by the object's last run (a mark an older run left is stale). */
function storedParents(env: ObjectEnv): string[] {
  const lastRun = Math.max(0, ...[...env.checkpoints.values()].map((checkpoint) => checkpoint.runSeq));
  return storedStreams(env, PARENT_MARK)
    .filter((stream) => env.checkpoints.get(stream)!.runSeq === lastRun)
    .map((stream) => stream.slice(PARENT_MARK.length));
}

async function backupMail(env: ObjectEnv, object: ObjectRef, folders: GraphMailFolder[]): Promise<WriteCounts> {
  const counts = emptyCounts();
  const userId = object.externalId;
  for (const folder of folders) {
    const stream = mailStream(folder.id);
    const got = await deltaStream(
      env,
      object,
      stream,
      (link) => withFirstPage<GraphMessage>(env, stream, link, (first) => env.graph.messagesDelta(userId, folder.id, link, first)),
      async (messages) => (await env.firstPages?.records(messages)) ?? (await storeMessages(env, object, [{ folder, messages }]))[0],
      'mail',
      folder.id,
      true,
    );
    addCounts(counts, got);
  }
  // A folder deleted as a whole reports no removals of its own: its messages end at this run, with the object (ObjectWrites).
  env.end.closeOutside('mail', folders.map((folder) => folder.id));
  return counts;
}

function eventRecord(event: GraphEvent, content: Buffer): ItemRecord {
  return {
    service: 'calendar',
    kind: 'event',
    externalId: event.id,
    containerId: 'calendar',
    folderPath: 'Calendar',
    name: event.subject ?? '',
    sender: event.organizer?.emailAddress?.address ?? null,
    recipients: (event.attendees ?? []).map((a) => a.emailAddress.address),
    sizeBytes: content.length,
    hasAttachments: false,
    modifiedAt: event.start?.dateTime ? new Date(`${event.start.dateTime.replace(/Z$/, '')}Z`).toISOString() : (event.lastModifiedDateTime ?? null),
    contentType: 'application/json',
    blobHash: null,
    changeTag: event.changeKey ?? event.lastModifiedDateTime ?? null,
  };
}

/** The default folder keeps the container the catalog has always used for a mailbox's contacts. */
const DEFAULT_CONTACTS_CONTAINER = 'contacts';

function contactRecord(containerId: string, folderPath: string) {
  return (contact: GraphContact, content: Buffer): ItemRecord => {
    const name = contact.displayName || [contact.givenName, contact.surname].filter(Boolean).join(' ');
    return {
      service: 'contacts',
      kind: 'contact',
      externalId: contact.id,
      containerId,
      folderPath,
      name: name ?? '',
      sender: null,
      recipients: (contact.emailAddresses ?? []).map((e) => e.address),
      sizeBytes: content.length,
      hasAttachments: false,
      modifiedAt: contact.lastModifiedDateTime ?? null,
      contentType: 'application/json',
      blobHash: null,
      changeTag: contact.changeKey ?? contact.lastModifiedDateTime ?? null,
    };
  };
}

const outlookTag = (item: { changeKey?: string; lastModifiedDateTime?: string }) => item.changeKey ?? item.lastModifiedDateTime ?? null;

/** The records of one delta page of JSON items (events, contacts, channel messages), stored; unchanged tags are skipped. */
async function storeJsonItems<T extends { id: string }>(
  env: ObjectEnv,
  object: ObjectRef,
  service: BackupService,
  items: T[],
  toRecord: (item: T, content: Buffer) => ItemRecord,
  tagOf: (item: T) => string | null,
): Promise<ItemRecord[]> {
  const tags = await currentTags(env.db, object.id, service, items.map((item) => item.id));
  const changed = items.filter((item) => {
    const tag = tagOf(item);
    return !(tag !== null && tags.get(item.id) === tag);
  });
  const records = await storeAsJson(env, changed, toRecord);
  env.job.progress.itemsDone += items.length;
  return records;
}

/**
 * A delta stream of JSON items (stored as canonical JSON). When the round starts without a link (first
 * run, or Graph asked for a resynchronisation) and the delta lists the whole collection, items the
 * catalog holds that the round did not list are gone: they end at this run (see deltaStream).
 */
async function jsonDeltaStream<T extends { id: string }>(
  env: ObjectEnv,
  object: ObjectRef,
  stream: string,
  open: (link?: string) => AsyncIterable<DeltaPage<T>>,
  service: BackupService,
  containerId: string,
  toRecord: (item: T, content: Buffer) => ItemRecord,
  tagOf: (item: T) => string | null,
  fullRoundListsAll: boolean,
): Promise<WriteCounts> {
  return deltaStream(env, object, stream, open, (items) => storeJsonItems(env, object, service, items, toRecord, tagOf), service, containerId, fullRoundListsAll);
}

/**
 * Graph v1.0 tracks events only through a calendar view, at most 1825 days long (Learn: event: delta;
 * longer views answer ErrorInvalidRequest). The view is fixed when a round starts, since the links
 * carry it: four years back and one ahead of that moment.
 */
const EVENT_VIEW_PAST_DAYS = 1460;
const EVENT_VIEW_AHEAD_DAYS = 365;
const DAY_MS = 86_400_000;

function eventView(now = Date.now()): { start: string; end: string } {
  return { start: new Date(now - EVENT_VIEW_PAST_DAYS * DAY_MS).toISOString(), end: new Date(now + EVENT_VIEW_AHEAD_DAYS * DAY_MS).toISOString() };
}

const CALENDAR_STREAM = 'calendar';

async function backupCalendar(env: ObjectEnv, object: ObjectRef): Promise<WriteCounts> {
  const view = eventView();
  // Events leaving the view come back under @removed, so they end like deleted ones.
  const open = (link?: string) => withFirstPage<GraphEvent>(env, CALENDAR_STREAM, link, (first) => env.graph.eventsDelta(object.externalId, view.start, view.end, link, first));
  return jsonDeltaStream(env, object, CALENDAR_STREAM, open, 'calendar', 'calendar', eventRecord, outlookTag, true);
}

/** A contact folder's delta stream is named by this and the folder's id. */
const CONTACTS_STREAM = 'contacts:';

/** Contacts per contact folder, each its own delta stream (Graph has contact delta per folder only). */
async function backupContacts(env: ObjectEnv, object: ObjectRef, listed: Pick<UserOpening, 'contactFolders' | 'defaultContactFolderId'>): Promise<WriteCounts> {
  const counts = emptyCounts();
  const containerIds: string[] = [];
  const folders = [...listed.contactFolders];
  // List contactFolders answers the folders inside the default Contacts folder (Learn), so the default
  // folder is found through a contact in it; its name depends on the mailbox's language.
  const defaultId = listed.defaultContactFolderId;
  if (defaultId && !folders.some((folder) => folder.id === defaultId)) folders.unshift({ id: defaultId, displayName: 'Contacts' });
  for (const folder of folders) {
    const isDefault = defaultId ? folder.id === defaultId : folder.displayName === 'Contacts' && !containerIds.includes(DEFAULT_CONTACTS_CONTAINER);
    const containerId = isDefault ? DEFAULT_CONTACTS_CONTAINER : folder.id;
    containerIds.push(containerId);
    const stream = `${CONTACTS_STREAM}${folder.id}`;
    const got = await jsonDeltaStream(
      env,
      object,
      stream,
      (link) => withFirstPage<GraphContact>(env, stream, link, (first) => env.graph.contactsDelta(object.externalId, folder.id, link, first)),
      'contacts',
      containerId,
      contactRecord(containerId, folder.displayName),
      outlookTag,
      true,
    );
    addCounts(counts, got);
  }
  // A folder deleted as a whole reports no removals of its own: its contacts end at this run, with the object (ObjectWrites).
  if (containerIds.length) env.end.closeOutside('contacts', containerIds);
  return counts;
}

/** Downloads of one file with bytes that do not match Graph's quickXorHash, before the object fails. */
const HASH_MISMATCH_ATTEMPTS = 3;

/**
 * A file's bytes, verified against Graph's quickXorHash when the item has one. A mismatch (bytes
 * damaged on the way) is retried for that file alone; when it persists the error fails the object,
 * so the delta link does not move past a file whose content was never stored.
 */
async function downloadVerified(env: ObjectEnv, driveId: string, file: GraphDriveItem): Promise<Buffer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const download = await env.graph.downloadDriveItem(driveId, file.id, { quickXorHash: file.file?.hashes?.quickXorHash, downloadUrl: file['@microsoft.graph.downloadUrl'] });
      // The chunks as they came (no copy each); one copy joins them, none for a file in one chunk.
      const chunks: Buffer[] = [];
      for await (const chunk of download.stream) chunks.push(asBuffer(chunk as Uint8Array));
      return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    } catch (error) {
      if (!(error instanceof GraphError && error.code === 'ContentHashMismatch') || attempt >= HASH_MISMATCH_ATTEMPTS) throw error;
      await env.job.log('warn', `${file.name}: the downloaded bytes did not match Graph's hash; fetching again (attempt ${attempt + 1})`);
    }
  }
}

/** A drive's delta stream is named by this and the drive's id. */
const DRIVE_STREAM = 'drive:';

/** Drive items: files become versions with their content; folders are kept (kind folder) to resolve paths. */
async function backupDrive(env: ObjectEnv, object: ObjectRef, driveId: string, service: 'onedrive' | 'sharepoint', driveName: string): Promise<WriteCounts> {
  // Graph's delta does not return parentReference.path, so paths are rebuilt from the folders seen,
  // starting from the folders the catalog already knows for this drive. Read with the first page that
  // lists items: a drive that changed nothing (most, in an incremental run) needs no paths.
  const paths = new Map<string, string>();
  let knownRead = false;
  const readKnownFolders = async () => {
    if (knownRead || env.firstBackup) return;
    knownRead = true;
    const known = await env.db.query<{ external_id: string; folder_path: string; name: string }>(
      `select external_id, folder_path, name from backup_item_versions where object_id = $1 and service = $2 and kind = 'folder' and container_id = $3 and valid_to_run is null`,
      [object.id, service, driveId],
    );
    for (const row of known.rows) paths.set(row.external_id, row.folder_path === '' ? row.name : `${row.folder_path}/${row.name}`);
  };
  const rootPrefix = service === 'sharepoint' ? driveName : '';
  const parentPath = (item: GraphDriveItem): string => {
    const parentId = item.parentReference?.id;
    if (parentId && paths.has(parentId)) return paths.get(parentId)!;
    const fromPath = item.parentReference?.path?.replace(/^\/drives?\/[^/]*\/?root:?/, '').replace(/^\/drive\/root:?/, '').replace(/^\//, '');
    return [rootPrefix, fromPath ?? ''].filter(Boolean).join('/');
  };
  const stream = `${DRIVE_STREAM}${driveId}`;
  return deltaStream(
    env,
    object,
    stream,
    (link) => withFirstPage<GraphDriveItem>(env, stream, link, (first) => env.graph.driveItemsDelta(driveId, link, first)),
    async (items) => {
      const records: ItemRecord[] = [];
      const files: GraphDriveItem[] = [];
      if (items.length) await readKnownFolders();
      for (const item of items) {
        if (item.root) {
          paths.set(item.id, rootPrefix);
          continue;
        }
        if (item.folder) {
          const folderPath = parentPath(item);
          paths.set(item.id, folderPath === '' ? item.name : `${folderPath}/${item.name}`);
          records.push({
            service,
            kind: 'folder',
            externalId: item.id,
            containerId: driveId,
            folderPath,
            name: item.name,
            sender: null,
            recipients: [],
            sizeBytes: 0,
            hasAttachments: false,
            modifiedAt: item.lastModifiedDateTime ?? null,
            contentType: 'folder',
            blobHash: null,
            changeTag: item.eTag ?? null,
          });
        } else if (item.file) files.push(item);
      }
      const tags = await storedTags(env, object, service, files.map((f) => f.id));
      const puts = pagePuts<{ file: GraphDriveItem; folderPath: string; tag: string | null }>(env, ({ file, folderPath, tag }, content, put) => {
        records.push({
          service,
          kind: 'file',
          externalId: file.id,
          containerId: driveId,
          folderPath,
          name: file.name,
          sender: null,
          recipients: [],
          sizeBytes: content.length,
          hasAttachments: false,
          modifiedAt: file.lastModifiedDateTime ?? null,
          contentType: file.file?.mimeType ?? 'application/octet-stream',
          blobHash: put.hash,
          changeTag: tag,
          facts: fileFacts(file),
        });
      });
      await runPool(files, env.fetchConcurrency, async (file) => {
        env.job.progress.itemsDone += 1;
        const tag = file.cTag ?? file.eTag ?? null;
        const folderPath = parentPath(file);
        if (tag && tags.get(file.id) === tag) return;
        await puts.add({ file, folderPath, tag }, await downloadVerified(env, driveId, file));
      });
      await puts.flush();
      return records;
    },
    service,
    driveId,
    true,
  );
}

async function* withIds<T extends { id: string }>(items: AsyncIterable<T>, idOf: (item: T) => string): AsyncIterable<T> {
  for await (const item of items) yield { ...item, id: idOf(item) };
}

function channelMessageRecord(channel: GraphChannel) {
  return (message: GraphChatMessage, content: Buffer): ItemRecord => ({
    service: 'teams',
    kind: 'channelMessage',
    externalId: message.id,
    containerId: channel.id,
    folderPath: channel.displayName,
    name: message.subject || message.body.content.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120),
    sender: message.from?.user?.displayName ?? message.from?.application?.displayName ?? null,
    recipients: [],
    sizeBytes: content.length,
    hasAttachments: (message.attachments ?? []).length > 0,
    modifiedAt: message.lastModifiedDateTime ?? message.createdDateTime ?? null,
    contentType: 'application/json',
    blobHash: null,
    changeTag: message.lastModifiedDateTime ?? message.createdDateTime ?? null,
  });
}

const channelMessageTag = (message: GraphChatMessage) => message.lastModifiedDateTime ?? message.createdDateTime ?? null;

/** Delta pages with ids (items and removals) turned into the catalog's keys. */
async function* keyedPages<T extends { id: string }>(pages: AsyncIterable<DeltaPage<T>>, keyOf: (id: string) => string): AsyncIterable<DeltaPage<T>> {
  for await (const page of pages) yield { ...page, items: page.items.map((item) => ({ ...item, id: keyOf(item.id) })), removedIds: page.removedIds.map(keyOf) };
}

async function backupChannel(env: ObjectEnv, object: ObjectRef, channel: GraphChannel): Promise<WriteCounts> {
  const counts = emptyCounts();
  const teamId = object.externalId;
  // Message ids are only unique within a channel, so the catalog keys them by channel too.
  const keyOf = (id: string) => `${channel.id}/${id}`;
  const stream = `teams:${channel.id}`;
  const toRecord = channelMessageRecord(channel);
  // Graph's channel message delta starts with the last eight months only (Learn: chatMessage: delta):
  // until the channel has a delta link, it is listed in full first so older messages are kept too.
  if (!(checkpointOf(env, stream))?.link) {
    const listed = withIds(env.graph.listChannelMessages(teamId, channel.id), (message) => keyOf(message.id));
    addCounts(counts, await listingStream(env, object, `teams-list:${channel.id}`, listed, 'teams', toRecord, channelMessageTag, channel.id));
  }
  // Later rounds hold what was posted or edited; a deleted message is a tombstone the connector reports removed.
  const open = (link?: string) => keyedPages(env.graph.channelMessagesDelta(teamId, channel.id, link), keyOf);
  addCounts(counts, await jsonDeltaStream(env, object, stream, open, 'teams', channel.id, toRecord, channelMessageTag, false));
  return counts;
}

async function backupTeam(env: ObjectEnv, object: ObjectRef): Promise<WriteCounts> {
  const counts = emptyCounts();
  const channelIds: string[] = [];
  for await (const channel of env.graph.listChannels(object.externalId)) {
    channelIds.push(channel.id);
    addCounts(counts, await backupChannel(env, object, channel));
  }
  // A deleted channel reports no removals of its own: its messages end at this run, with the object (ObjectWrites).
  env.end.closeOutside('teams', channelIds);
  return counts;
}

/** Whether the set backs up `service`. */
const wants = (env: ObjectBackupEnv, service: BackupService) => env.services.includes(service);

/** The object's streams stored under names starting with `prefix`. */
const storedStreams = (env: ObjectEnv, prefix: string) => [...env.checkpoints.keys()].filter((stream) => stream.startsWith(prefix));

/** A user's OneDrive stream when the object has one drive stream stored (backupOneDrive); else null. */
function storedOneDriveStream(env: ObjectEnv): string | null {
  const stored = storedStreams(env, DRIVE_STREAM);
  return stored.length === 1 ? stored[0] : null;
}

/**
 * A user's OneDrive. Its drive's id is the one its stream was stored under, when the object has one
 * drive stream: a user has one OneDrive, reached by its id as well as through the user (Learn: Get
 * drive, "GET /drives/{driveId}"), so an incremental run saves a GET /users/{id}/drive per user (about
 * a tenth of an incremental's requests on the demo tenant). A drive Graph no longer has (404) is looked
 * up again through the user, as is a user whose drive changed before (two streams).
 */
async function backupOneDrive(env: ObjectEnv, object: ObjectRef): Promise<WriteCounts> {
  const stored = storedOneDriveStream(env);
  if (stored) {
    const storedId = stored.slice(DRIVE_STREAM.length);
    try {
      return await backupDrive(env, object, storedId, 'onedrive', '');
    } catch (error) {
      if (!(error instanceof GraphError && error.status === 404)) throw error;
      // Something else was not found (a file): the drive is the same, and so is the error.
      const drive = await env.graph.getUserDrive(object.externalId);
      if (drive.id === storedId) throw error;
      return backupDrive(env, object, drive.id, 'onedrive', drive.name);
    }
  }
  const drive = await env.graph.getUserDrive(object.externalId);
  return backupDrive(env, object, drive.id, 'onedrive', drive.name);
}

/** Every drive of a site; the items of a library deleted as a whole end at this run. */
async function backupSiteDrives(env: ObjectEnv, object: ObjectRef): Promise<WriteCounts> {
  const counts = emptyCounts();
  const driveIds: string[] = [];
  for await (const drive of env.graph.listSiteDrives(object.externalId)) {
    driveIds.push(drive.id);
    addCounts(counts, await backupDrive(env, object, drive.id, 'sharepoint', drive.name));
  }
  env.end.closeOutside('sharepoint', driveIds);
  return counts;
}

/**
 * Backs up one protected object's chosen services for run `env.runSeq`. What waits for its end
 * (ObjectWrites) is written also when it fails or stops: the streams it finished then need not be read
 * again, and a deleted folder's versions end as they would have.
 */
export async function backupObject(objectEnv: ObjectBackupEnv, object: ObjectRef): Promise<WriteCounts> {
  const end = new ObjectWrites(objectEnv.db, objectEnv.setId, object.id, objectEnv.runSeq);
  const checkpoints = await (objectEnv.readCheckpoints ?? ((id) => readCheckpoints(objectEnv.db, id)))(object.id);
  // Only an object without checkpoints can be new to the catalog (a page's versions come with its checkpoint).
  const firstBackup = checkpoints.size === 0 && !(await holdsVersions(objectEnv.db, object.id));
  const env: ObjectEnv = { ...objectEnv, checkpoints, end, firstBackup, firstPages: null };
  let counts: WriteCounts;
  try {
    counts = await backupServices(env, object);
  } catch (error) {
    // The object's own error is the one to report; a failing flush only costs those streams a re-read.
    await end.flush().catch(() => undefined);
    throw error;
  }
  addCounts(counts, await end.flush());
  return counts;
}

/**
 * The rounds of a user's chosen services that go on from stored links, in the order the backup reaches
 * them: its mail folders (their messages stored with the batch), calendar view, contact folders and
 * OneDrive. `mail` lists the mailbox's folders now, or, before they are listed, the folders stored.
 */
function userRounds(env: ObjectEnv, mail: string[]): RoundStart[] {
  const round = (id: string, resource: RoundStart['resource']): RoundStart => ({ id, link: roundLink(env, id), resource });
  const oneDrive = wants(env, 'onedrive') ? storedOneDriveStream(env) : null;
  return [
    ...mail.map((stream) => ({ ...round(stream, 'messages'), storedWithBatch: true })),
    ...(wants(env, 'calendar') ? [round(CALENDAR_STREAM, 'events')] : []),
    ...(wants(env, 'contacts') ? storedStreams(env, CONTACTS_STREAM).map((stream) => round(stream, 'contacts')) : []),
    ...(oneDrive ? [round(oneDrive, 'driveItems')] : []),
  ].filter((stream) => stream.link !== undefined);
}

/**
 * A user's backup: its folder listings and the first pages of its stored rounds come in one JSON batch
 * (openUser), the rounds that did not fit in later ones (FirstPages), so an incremental run reads a
 * quiet user in two or three requests instead of one per listing and round. A stored round of a folder
 * deleted since answers 404 inside the batch, or a page nothing reads.
 */
async function backupUser(env: ObjectEnv, object: ObjectRef): Promise<WriteCounts> {
  const counts = emptyCounts();
  const stored = userRounds(env, wants(env, 'mail') ? storedStreams(env, MAIL_STREAM) : []);
  const opening = await env.graph.openUser(
    object.externalId,
    { mailFolders: wants(env, 'mail'), contactFolders: wants(env, 'contacts'), parentFolders: storedParents(env) },
    stored.map(deltaRound),
  );
  for (const folder of opening.mailFolders) {
    if ((folder.childFolderCount ?? 0) > 0) env.end.note(`${PARENT_MARK}${folder.id}`, { link: null, runSeq: env.runSeq, roundComplete: true });
  }
  const folderByStream = new Map(opening.mailFolders.map((folder) => [mailStream(folder.id), folder]));
  const firstPages = new FirstPages(
    userRounds(env, [...folderByStream.keys()]),
    (rounds) => env.graph.deltaFirstPages(object.externalId, rounds),
    (pages) => storeMessages(env, object, pages.map(({ id, page }) => ({ folder: folderByStream.get(id)!, messages: page.items as GraphMessage[] }))),
  );
  firstPages.seed(opening.pages);
  const userEnv = { ...env, firstPages };
  if (wants(env, 'mail')) addCounts(counts, await backupMail(userEnv, object, opening.mailFolders));
  if (wants(env, 'calendar')) addCounts(counts, await backupCalendar(userEnv, object));
  if (wants(env, 'contacts')) addCounts(counts, await backupContacts(userEnv, object, opening));
  if (wants(env, 'onedrive')) addCounts(counts, await backupOneDrive(userEnv, object));
  return counts;
}

async function backupServices(env: ObjectEnv, object: ObjectRef): Promise<WriteCounts> {
  const counts = emptyCounts();
  if (object.kind === 'user') {
    addCounts(counts, await backupUser(env, object));
  } else if (object.kind === 'site') {
    if (wants(env, 'sharepoint')) addCounts(counts, await backupSiteDrives(env, object));
  } else if (object.kind === 'group') {
    if (wants(env, 'sharepoint')) {
      const drive = await env.graph.getGroupDrive(object.externalId);
      addCounts(counts, await backupDrive(env, object, drive.id, 'sharepoint', drive.name));
    }
  } else if (object.kind === 'team') {
    if (wants(env, 'teams')) addCounts(counts, await backupTeam(env, object));
  }
  return counts;
}
