import type { BackupService, RestoreDestination, RestoreSelection } from '@portal/contracts';
import type { FileSystemInfo, GraphClient, GraphContact, GraphEvent, GraphChatMessage, NewContact, NewEvent } from '@portal/graph-connector';
import type { JobContext } from '../jobs/job-context';
import { setPayload } from '../jobs/job-store';
import type { BlobStore, EngineDb } from '../ports';
import { findTenantRow, tenantCredentials, type GraphClientFactory } from '../tenants';
import { isFileFacts, isMessageFacts } from '../catalog/item-facts';
import { restoreMessage } from './restore-mail';
import { sameInstant } from './same-instant';
import { loadVersions, resolveSelection, type VersionRow } from './selection';

export interface RestorePayload {
  selection?: RestoreSelection;
  destination: RestoreDestination;
  /** Mapping restores: source object -> target user, each from its newest snapshot. */
  pairs?: Array<{ objectId: string; snapshotId: string; targetUserExternalId: string }>;
  targetTenantId?: string;
  /** Mapping restores: which services to restore (default everything a user has). */
  services?: BackupService[];
  /** Resolved at first start, so a resumed or retried job restores the same items. */
  versionIds?: string[];
  /** Per version (by index in versionIds): the target user of mapping restores. */
  targets?: string[];
}

export interface RestoreDeps {
  db: EngineDb;
  blobs: BlobStore;
  masterSecret: string;
  graphFactory: GraphClientFactory;
}

export interface RestoreOutcome {
  status: 'succeeded' | 'warning' | 'failed';
  errorMessage: string | null;
  downloadReady: boolean;
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Mail folder ids by path in one mailbox, creating missing folders on the way. */
class MailFolders {
  private byPath: Map<string, string> | null = null;
  constructor(
    private readonly graph: GraphClient,
    private readonly userId: string,
  ) {}
  async idFor(path: string): Promise<string> {
    if (!this.byPath) {
      this.byPath = new Map();
      for await (const folder of this.graph.listMailFolders(this.userId)) this.byPath.set((folder.path ?? folder.displayName).toLowerCase(), folder.id);
    }
    const segments = path.split('/').filter(Boolean);
    let parentId: string | undefined;
    let sofar = '';
    for (const segment of segments) {
      sofar = sofar ? `${sofar}/${segment}` : segment;
      let id = this.byPath.get(sofar.toLowerCase());
      if (!id) {
        id = (await this.graph.createMailFolder(this.userId, segment, parentId)).id;
        this.byPath.set(sofar.toLowerCase(), id);
      }
      parentId = id;
    }
    return parentId ?? (await this.graph.getMailFolder(this.userId, 'inbox')).id;
  }
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const sameFileTimes = (restored: FileSystemInfo | undefined, original: FileSystemInfo) =>
  sameInstant(restored?.createdDateTime, original.createdDateTime) && sameInstant(restored?.lastModifiedDateTime, original.lastModifiedDateTime);

/**
 * Restores item versions to Graph (original place or another user) or prepares a download, then
 * reads each restored item back and compares it with the backup: `verified_count` counts the items
 * that matched (MIME and file bytes byte for byte; events, contacts and chat by their content fields).
 */
export async function runRestore(deps: RestoreDeps, ctx: JobContext): Promise<RestoreOutcome> {
  const { db } = deps;
  const payload = ctx.job.payload as unknown as RestorePayload;
  const { rows: setRows } = await db.query<{ id: string; tenant_id: string; organisation_id: string }>('select id, tenant_id, organisation_id from backup_sets where id = $1', [ctx.job.set_id]);
  const set = setRows[0];
  if (!set) return { status: 'failed', errorMessage: 'The backup set no longer exists', downloadReady: false };

  if (!payload.versionIds) {
    const versionIds: string[] = [];
    const targets: string[] = [];
    if (payload.pairs) {
      for (const pair of payload.pairs) {
        const ids = await resolveSelection(db, set.id, { kind: 'snapshot', snapshotId: pair.snapshotId, services: payload.services ?? ['mail', 'calendar', 'contacts', 'onedrive'] });
        versionIds.push(...ids);
        targets.push(...ids.map(() => pair.targetUserExternalId));
      }
    } else if (payload.selection) {
      versionIds.push(...(await resolveSelection(db, set.id, payload.selection)));
    }
    payload.versionIds = versionIds;
    payload.targets = targets;
    await setPayload(db, ctx.job.id, payload as unknown as Record<string, unknown>);
    await ctx.log('info', `${versionIds.length} items to restore`);
  }
  const versionIds = payload.versionIds;
  ctx.progress.itemsTotal = versionIds.length;
  ctx.progress.objectsTotal = null;
  await ctx.flush(true);
  if (!versionIds.length) return { status: 'failed', errorMessage: 'Nothing matched the selection', downloadReady: false };

  const destination = payload.destination;
  let verified = ctx.progress.verifiedCount ?? 0;
  let failures = 0;

  if (destination.kind === 'download') {
    // The ZIP is streamed at download time from the catalog; here every blob is read back and its
    // checksum verified, so a ready download is known to be complete.
    for (let i = ctx.progress.itemsDone; i < versionIds.length; i += 1) {
      const [version] = await loadVersions(db, [versionIds[i]]);
      try {
        if (version?.blob_hash) await deps.blobs.get(set.tenant_id, version.blob_hash);
        verified += 1;
      } catch (error) {
        failures += 1;
        await ctx.log('error', `${version?.name ?? versionIds[i]}: ${(error as Error).message}`);
      }
      ctx.progress.itemsDone = i + 1;
      ctx.progress.bytesDone += Number(version?.size_bytes ?? 0);
      ctx.progress.verifiedCount = verified;
      await ctx.checkpoint();
    }
    await ctx.flush(true);
    if (failures === versionIds.length) return { status: 'failed', errorMessage: 'No item could be read back', downloadReady: false };
    return { status: failures ? 'warning' : 'succeeded', errorMessage: failures ? `${failures} items could not be read` : null, downloadReady: true };
  }

  const targetTenantId = destination.kind === 'user' ? destination.tenantId : (payload.targetTenantId ?? set.tenant_id);
  const tenant = await findTenantRow(db, targetTenantId);
  if (!tenant || tenant.organisation_id !== set.organisation_id) return { status: 'failed', errorMessage: 'The target tenant is not connected', downloadReady: false };
  const graph = deps.graphFactory(tenantCredentials(deps.masterSecret, tenant));
  const folders = new Map<string, MailFolders>();
  const drives = new Map<string, string>();
  const userDrive = async (userId: string) => {
    if (!drives.has(userId)) drives.set(userId, (await graph.getUserDrive(userId)).id);
    return drives.get(userId)!;
  };

  /** Restores one version; returns what differs between the backup and the restored item (empty: verified). */
  const restoreOne = async (version: VersionRow, targetUser: string | null): Promise<string[]> => {
    const differs = (same: boolean) => (same ? [] : ['content']);
    const content = await deps.blobs.get(set.tenant_id, version.blob_hash!);
    const toUser = targetUser ?? (version.object_kind === 'user' ? version.object_external_id : null);
    switch (version.kind) {
      case 'message': {
        if (!toUser) throw new Error('Mail can only be restored to a mailbox');
        if (!folders.has(toUser)) folders.set(toUser, new MailFolders(graph, toUser));
        const folderId = await folders.get(toUser)!.idFor(version.folder_path);
        const result = await restoreMessage(graph, toUser, folderId, content, isMessageFacts(version.facts) ? version.facts : null);
        if (result.asDraft) await ctx.log('warn', `${version.name}: restored from its MIME, as a draft (backed up without its facts, or over Graph's request size)`);
        return result.differences;
      }
      case 'event': {
        if (!toUser) throw new Error('Events can only be restored to a user');
        const source = JSON.parse(content.toString('utf8')) as GraphEvent;
        const { id: _id, changeKey: _ck, bodyPreview: _bp, createdDateTime: _c, lastModifiedDateTime: _m, ...event } = source;
        const created = await graph.createEvent(toUser, event as NewEvent);
        return differs(created.subject === source.subject && sameJson(created.start, source.start) && sameJson(created.end, source.end) && created.body?.content === source.body?.content);
      }
      case 'contact': {
        if (!toUser) throw new Error('Contacts can only be restored to a user');
        const source = JSON.parse(content.toString('utf8')) as GraphContact;
        const { id: _id, changeKey: _ck, createdDateTime: _c, lastModifiedDateTime: _m, parentFolderId: _p, ...contact } = source;
        const created = await graph.createContact(toUser, contact as NewContact);
        // Graph may fill in a display name per address; the addresses themselves must match.
        const addresses = (c: GraphContact) => (c.emailAddresses ?? []).map((e) => e.address.toLowerCase());
        return differs(created.displayName === source.displayName && sameJson(addresses(created), addresses(source)));
      }
      case 'file': {
        let driveId: string;
        let folderPath = version.folder_path;
        if (version.service === 'onedrive') {
          driveId = targetUser ? await userDrive(targetUser) : version.container_id;
        } else {
          if (targetUser) throw new Error('SharePoint files are restored to their original library');
          driveId = version.container_id;
          // SharePoint paths start with the library name (see backupDrive).
          folderPath = folderPath.split('/').slice(1).join('/');
        }
        const parent = await graph.ensureFolderPath(driveId, `/${folderPath}`);
        const fileSystemInfo = isFileFacts(version.facts) ? version.facts.fileSystemInfo : undefined;
        const created = await graph.uploadDriveItem(driveId, parent.id, version.name, new Uint8Array(content), { conflictBehavior: 'rename', fileSystemInfo });
        const back = await graph.downloadDriveItem(driveId, created.id);
        const differences = differs((await readAll(back.stream)).equals(content));
        // The client-side times are what a user sees as "modified" in OneDrive and Explorer.
        if (fileSystemInfo && !sameFileTimes(created.fileSystemInfo, fileSystemInfo)) differences.push('file times');
        return differences;
      }
      case 'channelMessage': {
        if (targetUser) throw new Error('Channel messages are restored to their original channel');
        const source = JSON.parse(content.toString('utf8')) as GraphChatMessage;
        const created = await graph.postChannelMessage(version.object_external_id, version.container_id, {
          body: source.body,
          subject: source.subject ?? undefined,
          createdDateTime: source.createdDateTime,
          from: source.from ?? undefined,
        });
        return differs(created.body.content === source.body.content);
      }
      default:
        throw new Error(`Items of kind ${version.kind} cannot be restored`);
    }
  };

  for (let i = ctx.progress.itemsDone; i < versionIds.length; i += 1) {
    const [version] = await loadVersions(db, [versionIds[i]]);
    const targetUser = destination.kind === 'user' ? destination.userExternalId : (payload.targets?.[i] ?? null);
    if (version?.blob_hash) {
      try {
        const differences = await restoreOne(version, targetUser);
        if (differences.length === 0) verified += 1;
        else await ctx.log('warn', `${version.name}: restored, but the read-back differs from the backup in ${differences.join(', ')}`);
      } catch (error) {
        failures += 1;
        await ctx.log('error', `${version.name}: ${(error as Error).message}`);
      }
      ctx.progress.bytesDone += Number(version.size_bytes);
    }
    ctx.progress.itemsDone = i + 1;
    ctx.progress.verifiedCount = verified;
    await ctx.checkpoint();
  }
  await ctx.flush(true);
  await ctx.log(failures ? 'warn' : 'info', `Restored ${versionIds.length - failures} of ${versionIds.length} items, ${verified} verified`);
  if (failures === versionIds.length) return { status: 'failed', errorMessage: 'No item could be restored', downloadReady: false };
  const unverified = versionIds.length - failures - verified;
  if (failures || unverified) return { status: 'warning', errorMessage: `${failures} failed, ${unverified} not verified`, downloadReady: false };
  return { status: 'succeeded', errorMessage: null, downloadReady: false };
}
