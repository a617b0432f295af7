// The connector's types: client options and interface, pages, and the Graph v1.0 resources it reads
// and writes. Kept apart from index.ts so the modules that implement the client never import the barrel.
import type { Readable } from 'node:stream';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ThrottleInfo {
  status: number;
  /** What the client is going to wait before retrying (Retry-After, or back-off when absent). */
  retryAfterMs: number;
  /** 1 for the first retry. */
  attempt: number;
  method: string;
  url: string;
}

export interface GraphClientOptions {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Default https://graph.microsoft.com/v1.0; the emulator's `url`. */
  graphBaseUrl?: string;
  /** Default https://login.microsoftonline.com; the emulator's `authorityUrl`. */
  authorityUrl?: string;
  /** Default `https://graph.microsoft.com/.default`. */
  scope?: string;
  fetch?: FetchLike;
  /** Retries after 429/503/504 or a network error before a GraphError is thrown. Default 5. */
  maxRetries?: number;
  /** Upper bound of a single wait, whatever Retry-After says. Default 120 000 ms. */
  maxRetryDelayMs?: number;
  /** Page size asked for with $top / Prefer: odata.maxpagesize. Default 500. */
  pageSize?: number;
  /** The token is refreshed this long before it expires. Default 300 000 ms. */
  tokenRefreshSkewMs?: number;
  /** Outlook requests in flight per mailbox (Graph's MailboxConcurrency). Default 4. */
  mailboxConcurrency?: number;
  onThrottle?: (info: ThrottleInfo) => void;
  /** Injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** `grantedPermissions`: the app roles the token carries (null: the token could not be read). */
export type TestConnectionResult = { ok: true; organizationName: string; grantedPermissions: string[] | null } | { ok: false; errorMessage: string };

export interface GraphPage<T> {
  items: T[];
  nextLink?: string;
}

/**
 * One page of a delta round. `items` are new or changed objects, `removedIds` the ids Graph reports as
 * removed (`@removed` for messages and users, the `deleted` facet for drive items). Exactly one of
 * `nextLink` (more pages follow) and `deltaLink` (round finished; keep it for the next round) is set.
 * Both are absolute URLs that can be stored and passed back as `link` to resume.
 */
export interface DeltaPage<T> {
  items: T[];
  removedIds: string[];
  nextLink?: string;
  deltaLink?: string;
}

/** A user's folder listings and first delta pages, read together (GraphClient.openUser). */
export interface UserOpening {
  mailFolders: GraphMailFolder[];
  contactFolders: GraphContactFolder[];
  defaultContactFolderId: string | null;
  /** Keyed by DeltaRound.key: the rounds that fitted in the batch and were answered. */
  pages: Map<string, DeltaPage<DeltaItem>>;
}

/** What a delta round lists: its items' type, how a removal looks and the page size asked for follow from it. */
export type DeltaResource = 'messages' | 'events' | 'contacts' | 'driveItems';

/** An item of any delta round deltaFirstPages reads. */
export type DeltaItem = GraphMessage | GraphEvent | GraphContact | GraphDriveItem;

/** A delta round to read the first page of: `link`, a nextLink or deltaLink (or a new round's URL) of `resource`; `key` names its page. */
export interface DeltaRound {
  key: string;
  resource: DeltaResource;
  link: string;
}

export interface EmailAddress {
  name?: string;
  address: string;
}
export interface Recipient {
  emailAddress: EmailAddress;
}
export interface ItemBody {
  contentType: 'text' | 'html';
  content: string;
}
export interface DateTimeTimeZone {
  dateTime: string;
  timeZone: string;
}
export interface IdentitySet {
  user?: { id?: string; displayName?: string; email?: string } | null;
  application?: { id?: string; displayName?: string } | null;
}

export interface GraphOrganization {
  id: string;
  displayName: string;
  verifiedDomains?: { name: string; isDefault?: boolean }[];
}

export interface GraphUser {
  id: string;
  displayName: string;
  userPrincipalName: string;
  mail?: string | null;
  givenName?: string | null;
  surname?: string | null;
  jobTitle?: string | null;
  accountEnabled?: boolean;
  /** Only when selected (Graph leaves it out by default); an empty list is an unlicensed user, e.g. a shared mailbox. */
  assignedLicenses?: { skuId: string }[];
}

export interface GraphMailFolder {
  id: string;
  displayName: string;
  parentFolderId?: string;
  childFolderCount?: number;
  totalItemCount?: number;
  unreadItemCount?: number;
  /** Set by listMailFolders: the folder path from the mailbox root, e.g. `Inbox/Projects`. */
  path?: string;
}

export interface GraphMessage {
  id: string;
  subject?: string | null;
  from?: Recipient | null;
  sender?: Recipient | null;
  toRecipients?: Recipient[];
  ccRecipients?: Recipient[];
  bccRecipients?: Recipient[];
  replyTo?: Recipient[];
  receivedDateTime?: string;
  sentDateTime?: string;
  createdDateTime?: string;
  lastModifiedDateTime?: string;
  changeKey?: string;
  hasAttachments?: boolean;
  importance?: 'low' | 'normal' | 'high';
  isRead?: boolean;
  isDraft?: boolean;
  bodyPreview?: string;
  body?: ItemBody;
  parentFolderId?: string;
  conversationId?: string;
  internetMessageId?: string;
  categories?: string[];
  flag?: { flagStatus?: 'notFlagged' | 'flagged' | 'complete' };
  webLink?: string;
  /** Returned only when `$select` names it (Graph's rule). */
  internetMessageHeaders?: { name: string; value: string }[];
  attachments?: GraphAttachment[];
  /** Set at creation (restore) and returned only with `$expand=singleValueExtendedProperties(...)`. */
  singleValueExtendedProperties?: SingleValueExtendedProperty[];
}

/** A MAPI property through Graph: id like `Integer 0x0E07`, value always a string. */
export interface SingleValueExtendedProperty {
  id: string;
  value: string;
}

export interface GraphAttachment {
  '@odata.type': '#microsoft.graph.fileAttachment' | '#microsoft.graph.itemAttachment' | '#microsoft.graph.referenceAttachment';
  id?: string;
  name: string;
  contentType?: string;
  size?: number;
  isInline?: boolean;
  /** The cid an inline attachment is referenced by in the HTML body. */
  contentId?: string;
  lastModifiedDateTime?: string;
  /** Base64, file attachments only. */
  contentBytes?: string;
}

/** JSON body for createMessage (restore); Graph ignores read-only fields. */
export type NewMessage = Omit<GraphMessage, 'id' | 'changeKey' | 'parentFolderId' | 'bodyPreview' | 'lastModifiedDateTime' | 'createdDateTime'>;

export interface GraphEvent {
  id: string;
  subject?: string | null;
  body?: ItemBody;
  bodyPreview?: string;
  start: DateTimeTimeZone;
  end: DateTimeTimeZone;
  location?: { displayName?: string };
  attendees?: { emailAddress: EmailAddress; type?: 'required' | 'optional' | 'resource' }[];
  organizer?: Recipient;
  isAllDay?: boolean;
  showAs?: string;
  createdDateTime?: string;
  lastModifiedDateTime?: string;
  changeKey?: string;
}
export type NewEvent = Omit<GraphEvent, 'id' | 'changeKey' | 'bodyPreview' | 'createdDateTime' | 'lastModifiedDateTime'>;

export interface GraphContact {
  id: string;
  displayName?: string | null;
  givenName?: string | null;
  surname?: string | null;
  emailAddresses?: EmailAddress[];
  businessPhones?: string[];
  mobilePhone?: string | null;
  companyName?: string | null;
  jobTitle?: string | null;
  createdDateTime?: string;
  lastModifiedDateTime?: string;
  changeKey?: string;
  parentFolderId?: string;
}
export type NewContact = Omit<GraphContact, 'id' | 'changeKey' | 'createdDateTime' | 'lastModifiedDateTime' | 'parentFolderId'>;

export interface GraphContactFolder {
  id: string;
  displayName: string;
  parentFolderId?: string;
}

export interface GraphDrive {
  id: string;
  name: string;
  driveType: 'personal' | 'business' | 'documentLibrary';
  webUrl?: string;
  owner?: IdentitySet;
  quota?: { total?: number; used?: number };
}

export interface GraphDriveItem {
  id: string;
  name: string;
  size?: number;
  eTag?: string;
  cTag?: string;
  createdDateTime?: string;
  lastModifiedDateTime?: string;
  /** Client-side times, set by whoever uploaded the file (the item's own times are the service's). */
  fileSystemInfo?: FileSystemInfo;
  createdBy?: IdentitySet;
  lastModifiedBy?: IdentitySet;
  webUrl?: string;
  parentReference?: { driveId: string; driveType?: string; id?: string; path?: string };
  file?: { mimeType?: string; hashes?: { quickXorHash?: string; sha1Hash?: string; sha256Hash?: string } };
  folder?: { childCount?: number };
  root?: Record<string, never>;
  deleted?: { state?: string };
  '@microsoft.graph.downloadUrl'?: string;
}

export interface GraphSite {
  id: string;
  name?: string;
  displayName: string;
  webUrl: string;
  createdDateTime?: string;
  lastModifiedDateTime?: string;
  siteCollection?: { hostname: string };
}

export interface GraphGroup {
  id: string;
  displayName: string;
  description?: string | null;
  mail?: string | null;
  mailNickname?: string;
  groupTypes?: string[];
  resourceProvisioningOptions?: string[];
  visibility?: string | null;
}

export interface GraphTeam {
  id: string;
  displayName: string;
  description?: string | null;
  visibility?: string | null;
}

export interface GraphChannel {
  id: string;
  displayName: string;
  description?: string | null;
  membershipType?: 'standard' | 'private' | 'shared';
  createdDateTime?: string;
}

export interface GraphChatMessage {
  id: string;
  replyToId?: string | null;
  messageType?: string;
  subject?: string | null;
  createdDateTime?: string;
  lastModifiedDateTime?: string;
  deletedDateTime?: string | null;
  from?: IdentitySet | null;
  body: ItemBody;
  attachments?: { id: string; contentType: string; contentUrl?: string | null; name?: string | null }[];
}
/** Restore posts in migration style: createdDateTime and from may be set (Teamwork.Migrate.All on real Graph). */
export type NewChatMessage = Pick<GraphChatMessage, 'body'> & Partial<Pick<GraphChatMessage, 'subject' | 'createdDateTime' | 'from'>>;

export type ConflictBehavior = 'fail' | 'replace' | 'rename';

/** A drive item's client-side times; writable at upload and by update, unlike the item's own. */
export interface FileSystemInfo {
  createdDateTime?: string;
  lastModifiedDateTime?: string;
}

export interface UploadOptions {
  conflictBehavior?: ConflictBehavior;
  /** Upload-session chunk size; rounded down to a multiple of 320 KiB. Default 10 × 320 KiB. */
  chunkSize?: number;
  /** Force an upload session even below SIMPLE_UPLOAD_LIMIT. */
  forceSession?: boolean;
  /** Client-side times for the new file (a restore keeps the original's). */
  fileSystemInfo?: FileSystemInfo;
}

/** Content for an upload: bytes, or a stream/iterable of chunks plus its exact total size. */
export type UploadSource = Uint8Array | { size: number; chunks: AsyncIterable<Uint8Array> | Readable };

export interface DownloadOptions {
  /** Expected QuickXorHash (base64) of the content. */
  quickXorHash?: string;
  /** The item's @microsoft.graph.downloadUrl, when the listing carried one (see downloadDriveItem). */
  downloadUrl?: string;
}

export interface DownloadedContent {
  stream: Readable;
  size?: number;
  contentType?: string;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Send without the bearer token (pre-authenticated upload and download URLs). */
  anonymous?: boolean;
}

export interface GraphClient {
  readonly graphBaseUrl: string;
  getAccessToken(): Promise<string>;
  /** Low-level JSON call; `pathOrUrl` is relative to graphBaseUrl (`/users`) or absolute. 204 gives undefined. */
  request<T>(method: string, pathOrUrl: string, options?: RequestOptions): Promise<T>;
  /** Raw response after retries (status < 400); for bytes and streams. */
  requestRaw(method: string, pathOrUrl: string, options?: RequestOptions): Promise<Response>;
  /** Follows `@odata.nextLink`, one page at a time. */
  pages<T>(pathOrUrl: string, options?: RequestOptions): AsyncIterable<GraphPage<T>>;
  /** Every item of every page. */
  paginate<T>(pathOrUrl: string, options?: RequestOptions): AsyncIterable<T>;
  testConnection(): Promise<TestConnectionResult>;
  getOrganization(): Promise<GraphOrganization>;

  /** `select`: Graph's $select (the default property set lacks assignedLicenses). */
  listUsers(select?: readonly string[]): AsyncIterable<GraphUser>;
  getUser(userId: string): Promise<GraphUser>;
  usersDelta(link?: string): AsyncIterable<DeltaPage<GraphUser>>;

  /** All mail folders, child folders included (depth first), each with its `path`. */
  listMailFolders(userId: string): AsyncIterable<GraphMailFolder>;
  getMailFolder(userId: string, folderIdOrWellKnownName: string): Promise<GraphMailFolder>;
  createMailFolder(userId: string, displayName: string, parentFolderId?: string): Promise<GraphMailFolder>;
  listMessages(userId: string, folderId: string): AsyncIterable<GraphMessage>;
  /**
   * `link` is a stored nextLink or deltaLink; without it a full initial round starts. `first` is the
   * round's first page when it was fetched already (deltaFirstPages, for the same link).
   */
  messagesDelta(userId: string, folderId: string, link?: string, first?: DeltaPage<GraphMessage>): AsyncIterable<DeltaPage<GraphMessage>>;
  /**
   * The first page of several delta rounds of one user (mail folders, the calendar view, contact
   * folders, the OneDrive), each from its link, through JSON batches of up to 20: an incremental run
   * mostly reads one page per round. A round whose answer failed inside the batch is left out: it
   * asks again on its own. Each page is its resource's (`DeltaRound.resource`).
   */
  deltaFirstPages(userId: string, rounds: DeltaRound[]): Promise<Map<string, DeltaPage<DeltaItem>>>;
  /**
   * What a user's backup starts from, in one JSON batch: the mail folders (as listMailFolders) and the
   * contact folders with the default one's id (as contactFoldersList and defaultContactFolderId), each
   * when asked, and the first pages of as many of `rounds` as the batch holds beside them (as
   * deltaFirstPages). A listing whose answer failed inside the batch is read alone. `parentFolders`:
   * mail folders that had child folders when last listed; their childFolders listings go in the batch
   * too (up to half of it), so listing the tree waits for no request of its own per parent.
   */
  openUser(userId: string, asks: { mailFolders: boolean; contactFolders: boolean; parentFolders?: string[] }, rounds: DeltaRound[]): Promise<UserOpening>;
  getMessage(userId: string, messageId: string): Promise<GraphMessage>;
  /** RFC 822 bytes from `/messages/{id}/$value`. */
  getMessageMime(userId: string, messageId: string): Promise<Uint8Array>;
  /** MIME of several messages of one mailbox, in order, through JSON batches of up to 20 (small messages: no attachments). */
  getMessageMimes(userId: string, messageIds: string[]): Promise<Uint8Array[]>;
  listAttachments(userId: string, messageId: string): AsyncIterable<GraphAttachment>;
  createMessage(userId: string, folderId: string, message: NewMessage): Promise<GraphMessage>;
  /** Posts base64 MIME with Content-Type text/plain (Graph's MIME create). */
  createMessageFromMime(userId: string, folderId: string, mime: Uint8Array): Promise<GraphMessage>;

  listEvents(userId: string): AsyncIterable<GraphEvent>;
  createEvent(userId: string, event: NewEvent): Promise<GraphEvent>;
  listContacts(userId: string): AsyncIterable<GraphContact>;
  createContact(userId: string, contact: NewContact): Promise<GraphContact>;
  /**
   * Events of the primary calendar's view from `start` to `end` (ISO times, at most 1825 days apart):
   * Graph v1.0 has delta on a calendar view only. The window is carried in the links, so a stored
   * `link` continues the same view; events leaving it come back as removed.
   */
  eventsDelta(userId: string, start: string, end: string, link?: string, first?: DeltaPage<GraphEvent>): AsyncIterable<DeltaPage<GraphEvent>>;
  /** `/users/{id}/contactFolders`. */
  contactFoldersList(userId: string): AsyncIterable<GraphContactFolder>;
  /**
   * The id of the user's default Contacts folder, read from a contact in it (`/users/{id}/contacts`
   * lists that folder); null when it holds none. List contactFolders answers the folders inside it.
   */
  defaultContactFolderId(userId: string): Promise<string | null>;
  contactsDelta(userId: string, folderId: string, link?: string, first?: DeltaPage<GraphContact>): AsyncIterable<DeltaPage<GraphContact>>;

  getUserDrive(userId: string): Promise<GraphDrive>;
  listSiteDrives(siteId: string): AsyncIterable<GraphDrive>;
  getGroupDrive(groupId: string): Promise<GraphDrive>;
  getDrive(driveId: string): Promise<GraphDrive>;
  getDriveRoot(driveId: string): Promise<GraphDriveItem>;
  getDriveItem(driveId: string, itemId: string): Promise<GraphDriveItem>;
  /** Resolves `/a/b/c.txt` under the drive root; null when missing. */
  getDriveItemByPath(driveId: string, path: string): Promise<GraphDriveItem | null>;
  listChildren(driveId: string, itemId: string): AsyncIterable<GraphDriveItem>;
  driveItemsDelta(driveId: string, link?: string, first?: DeltaPage<GraphDriveItem>): AsyncIterable<DeltaPage<GraphDriveItem>>;
  /** With `quickXorHash` (the item's `file.hashes.quickXorHash`), the stream fails with a `ContentHashMismatch` GraphError when the bytes differ. */
  downloadDriveItem(driveId: string, itemId: string, options?: DownloadOptions): Promise<DownloadedContent>;
  createFolder(driveId: string, parentItemId: string, name: string, conflictBehavior?: ConflictBehavior): Promise<GraphDriveItem>;
  /** Creates every missing folder of `path` (`/a/b`) and returns the last; `/` or '' gives the root. */
  ensureFolderPath(driveId: string, path: string): Promise<GraphDriveItem>;
  /** Simple PUT up to SIMPLE_UPLOAD_LIMIT, an upload session above (or when forced). */
  uploadDriveItem(driveId: string, parentItemId: string, fileName: string, content: UploadSource, options?: UploadOptions): Promise<GraphDriveItem>;
  uploadDriveItemInSession(driveId: string, parentItemId: string, fileName: string, content: UploadSource, options?: UploadOptions): Promise<GraphDriveItem>;
  /** PATCH of the writable facts of an item; only its client-side times today. */
  updateDriveItem(driveId: string, itemId: string, patch: { fileSystemInfo: FileSystemInfo }): Promise<GraphDriveItem>;

  listSites(): AsyncIterable<GraphSite>;
  getSite(siteId: string): Promise<GraphSite>;
  listGroups(): AsyncIterable<GraphGroup>;
  listTeams(): AsyncIterable<GraphTeam>;
  listChannels(teamId: string): AsyncIterable<GraphChannel>;
  listChannelMessages(teamId: string, channelId: string): AsyncIterable<GraphChatMessage>;
  /**
   * Top-level channel messages added or changed. Graph's first round covers the last eight months only
   * and the delta has no removals: a deleted message is a tombstone with `deletedDateTime`, reported here
   * in `removedIds`.
   */
  channelMessagesDelta(teamId: string, channelId: string, link?: string): AsyncIterable<DeltaPage<GraphChatMessage>>;
  listMessageReplies(teamId: string, channelId: string, messageId: string): AsyncIterable<GraphChatMessage>;
  postChannelMessage(teamId: string, channelId: string, message: NewChatMessage): Promise<GraphChatMessage>;
}
