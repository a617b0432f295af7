import { b64url, guidFor, hashKey, rngFor, type Rng } from './prng';
import { VIRTUAL_EPOCH, type Container, type Tenant } from './tenant';
import { ADJECTIVES, FILE_KINDS, FILLER, FIRST_NAMES, JOB_TITLES, LAST_NAMES, LOCATIONS, NOUNS, ORGANIZATIONS, TOPICS } from './words';

// Records are the emulator's internal item shape; the JSON functions render them as Graph v1.0 does.
// A record comes from the overlay's stored map when the item was written through the API, otherwise
// it is generated from (seed, container key, index, version).

export interface Address {
  name: string;
  address: string;
}

export interface AttachmentRecord {
  name: string;
  contentType: string;
  size: number;
  /** Generated attachments: bytes derive from this key; shared keys give identical bytes across mailboxes. */
  contentKey?: string;
  bytes?: Buffer;
  isInline?: boolean;
}

export type FlagStatus = 'notFlagged' | 'flagged' | 'complete';

export interface MessageRecord {
  subject: string;
  from: Address;
  to: Address[];
  cc: Address[];
  bcc: Address[];
  sentDateTime: string;
  receivedDateTime: string;
  createdDateTime: string;
  lastModifiedDateTime: string;
  bodyType: 'html' | 'text';
  body: string;
  attachments: AttachmentRecord[];
  internetMessageId: string;
  conversationId: string;
  importance: 'low' | 'normal' | 'high';
  isRead: boolean;
  isDraft: boolean;
  categories: string[];
  /** Follow-up flag (`flag.flagStatus`); notFlagged when absent. */
  flagStatus?: FlagStatus;
  /** MIME exactly as posted, served back by $value. */
  raw?: Buffer;
  /** singleValueExtendedProperties set at creation, returned with `$expand`. */
  extendedProperties?: { id: string; value: string }[];
}

export interface DriveItemRecord {
  name: string;
  parentIndex: number;
  folder: boolean;
  size: number;
  mimeType?: string;
  contentKey?: string;
  bytes?: Buffer;
  createdDateTime: string;
  lastModifiedDateTime: string;
  /** Client-side times (`fileSystemInfo`) when a writer set them; the item's own times otherwise. */
  fileCreatedDateTime?: string;
  fileModifiedDateTime?: string;
}

export interface EventRecord {
  subject: string;
  bodyHtml: string;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  location: string;
  isAllDay: boolean;
  organizer: Address;
  attendees: Address[];
  createdDateTime: string;
  lastModifiedDateTime: string;
  extra?: Record<string, unknown>;
}

export interface ContactRecord {
  givenName: string;
  surname: string;
  displayName: string;
  emailAddresses: Address[];
  businessPhones: string[];
  mobilePhone: string | null;
  companyName: string;
  jobTitle: string;
  createdDateTime: string;
  lastModifiedDateTime: string;
}

export interface ChatMessageRecord {
  subject: string | null;
  bodyType: 'html' | 'text';
  body: string;
  from: { id: string; displayName: string } | null;
  createdDateTime: string;
  lastModifiedDateTime: string;
  /** Set by softDelete: Teams keeps a deleted message as a tombstone. */
  deletedDateTime?: string;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function words(r: Rng, count: number): string {
  let text = r.pick(FILLER);
  for (let i = 1; i < count; i++) text += ` ${r.pick(FILLER)}`;
  return text;
}

function sentence(r: Rng): string {
  const text = words(r, r.int(6, 16));
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

function subjectLine(r: Rng): string {
  return `${r.pick(TOPICS)}: ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`;
}

/** Past instant for generated data, up to two years before the virtual epoch. */
function pastTime(r: Rng): number {
  return VIRTUAL_EPOCH - Math.floor(r.next() * 730 * DAY);
}

function changedAt(tenant: Tenant, container: Container, index: number, fallback: string): string {
  const { seq } = tenant.state(container, index);
  return seq > 0 ? tenant.timeOf(seq) : fallback;
}

export function userAddress(tenant: Tenant, idx: number): Address {
  const user = tenant.users[idx];
  return { name: user.displayName, address: user.userPrincipalName };
}

function externalAddress(tenant: Tenant, r: Rng): Address {
  const given = r.pick(FIRST_NAMES);
  const surname = r.pick(LAST_NAMES);
  const company = r.pick(ORGANIZATIONS).toLowerCase().replace(/[^a-z]/g, '');
  return { name: `${given} ${surname}`, address: `${given}.${surname}@${company}.example`.toLowerCase() };
}

function someone(tenant: Tenant, r: Rng, not: number): Address {
  if (tenant.users.length < 2 || r.chance(0.3)) return externalAddress(tenant, r);
  let idx = r.int(0, tenant.users.length - 1);
  if (idx === not) idx = (idx + 1) % tenant.users.length;
  return userAddress(tenant, idx);
}

/** Deterministic text bytes of exactly `size` bytes for a content key. */
// Text that file and attachment bytes are cut from: made once, 1 MiB, so a stretch of it seldom
// repeats within deflate's 32 KiB window and generated files compress about as plain text does.
// Writing each file sentence by sentence cost the emulator more CPU than serving it (issue 20).
const CORPUS_BYTES = 1 << 20;
let corpus: Buffer | undefined;

function textCorpus(): Buffer {
  if (corpus) return corpus;
  const out = Buffer.allocUnsafe(CORPUS_BYTES);
  const r = rngFor('content', 'corpus');
  let offset = 0;
  while (offset < CORPUS_BYTES) offset += out.write(`${sentence(r)} ${r.int(0, 99999)}\n`, offset, 'latin1');
  return (corpus = out);
}

/**
 * Bytes of generated content: a pure function of the key and size. Stretches of the corpus at
 * places the key's randomness picks, each followed by a number line, so two keys never give the same
 * bytes (deduplication sees only really shared content) while each byte costs a copy, not a word.
 */
export function contentBytes(key: string, size: number): Buffer {
  const text = textCorpus();
  const out = Buffer.allocUnsafe(size);
  const r = rngFor('content', key);
  let offset = 0;
  while (offset < size) {
    const start = r.int(0, CORPUS_BYTES - 1);
    const length = Math.min(r.int(200, 2_000), CORPUS_BYTES - start, size - offset);
    offset += text.copy(out, offset, start, start + length);
    if (offset < size) offset += out.write(`${r.int(0, 99999)}\n`, offset, 'latin1');
  }
  return out;
}

/** Size of pooled content is a function of the pool key alone, so shared attachments and files really are identical. */
function pooledSize(tenant: Tenant, pool: string, n: number, min: number, max: number): { key: string; size: number } {
  const key = `${tenant.seed}:${pool}:${n}`;
  return { key, size: rngFor('poolsize', key).int(min, max) };
}

export function attachmentBytes(attachment: AttachmentRecord): Buffer {
  return attachment.bytes ?? contentBytes(attachment.contentKey ?? attachment.name, attachment.size);
}

export function messageRecord(tenant: Tenant, container: Container, index: number, userIdx: number, folderNo: number): MessageRecord {
  const stored = container.stored.get(index) as MessageRecord | undefined;
  const { v } = tenant.state(container, index);
  if (stored) return stored;
  const r = rngFor(tenant.seed, container.key, index);
  const owner = userAddress(tenant, userIdx);
  const sent = folderNo === 1 || folderNo === 2;
  const time = pastTime(r);
  const subject = subjectLine(r);
  const other = someone(tenant, r, userIdx);
  const to = sent ? [other] : [owner];
  const cc = r.chance(0.3) ? [someone(tenant, r, userIdx)] : [];
  const paragraphs = Array.from({ length: r.int(1, 4) }, () => `<p>${sentence(r)} ${sentence(r)}</p>`).join('\n');
  const attachments: AttachmentRecord[] = [];
  if (r.chance(0.2)) {
    const count = r.int(1, 2);
    for (let a = 0; a < count; a++) {
      const kind = r.pick(FILE_KINDS);
      // Half of all attachments come from a small shared pool: the same file mailed to many people.
      const pooled = r.chance(0.5) ? pooledSize(tenant, 'att', r.int(0, 199), 2_000, 60_000) : null;
      const contentKey = pooled?.key ?? `${tenant.seed}:${container.key}:${index}:${a}`;
      attachments.push({
        name: `${r.pick(NOUNS)}-${pooled ? contentKey.split(':').pop() : `${index}-${a}`}.${kind.ext}`,
        contentType: kind.mimeType,
        size: pooled?.size ?? r.int(2_000, 60_000),
        contentKey,
      });
    }
  }
  const created = iso(time);
  const baseRead = r.chance(0.7);
  return {
    subject,
    from: sent ? owner : other,
    to,
    cc,
    bcc: [],
    sentDateTime: iso(time - 5_000),
    receivedDateTime: created,
    createdDateTime: created,
    lastModifiedDateTime: changedAt(tenant, container, index, created),
    bodyType: 'html',
    body: `<html><body>\n${paragraphs}\n<p>${owner.name.split(' ')[0]}</p>\n</body></html>`,
    attachments,
    internetMessageId: `<${guidFor(tenant.seed, container.key, index)}@${tenant.domain}>`,
    conversationId: `AAQkAG${hashKey(tenant.seed, subject).toString(36)}`,
    importance: r.chance(0.1) ? 'high' : 'normal',
    // A change flips the read flag and tags the message, as a user triaging mail would.
    isRead: v % 2 === 1 ? !baseRead : baseRead,
    isDraft: folderNo === 2,
    categories: v > 0 ? [`Reviewed ${v}`] : [],
    // From a hash rather than the item's generator, so adding flags left every other field as it was.
    flagStatus: (['flagged', 'complete'] as const)[hashKey(tenant.seed, container.key, 'flag', index) % 12] ?? 'notFlagged',
  };
}

const recipient = (a: Address) => ({ emailAddress: { name: a.name, address: a.address } });

export function preview(html: string): string {
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 255);
}

export function messageJson(tenant: Tenant, container: Container, index: number, record: MessageRecord, folderId: string) {
  const { v } = tenant.state(container, index);
  return {
    '@odata.type': '#microsoft.graph.message',
    '@odata.etag': `W/"CQAAABYAAA${hashKey(container.key, index, v).toString(36)}"`,
    id: tenant.itemId(container, index),
    createdDateTime: record.createdDateTime,
    lastModifiedDateTime: record.lastModifiedDateTime,
    changeKey: `CQAAABYAAA${hashKey(container.key, index, v).toString(36)}`,
    categories: record.categories,
    receivedDateTime: record.receivedDateTime,
    sentDateTime: record.sentDateTime,
    hasAttachments: record.attachments.some((a) => !a.isInline),
    internetMessageId: record.internetMessageId,
    subject: record.subject,
    bodyPreview: preview(record.body),
    importance: record.importance,
    parentFolderId: folderId,
    conversationId: record.conversationId,
    isRead: record.isRead,
    isDraft: record.isDraft,
    webLink: `https://outlook.office365.com/owa/?ItemID=${encodeURIComponent(tenant.itemId(container, index))}&exvsurl=1&viewmodel=ReadMessageItem`,
    flag: { flagStatus: record.flagStatus ?? 'notFlagged' },
    body: { contentType: record.bodyType, content: record.body },
    sender: recipient(record.from),
    from: recipient(record.from),
    toRecipients: record.to.map(recipient),
    ccRecipients: record.cc.map(recipient),
    bccRecipients: record.bcc.map(recipient),
    replyTo: [],
  };
}

export function attachmentId(messageId: string, n: number): string {
  return `${messageId}.a${n}`;
}

export function attachmentJson(messageId: string, n: number, attachment: AttachmentRecord, lastModified: string, withContent: boolean) {
  return {
    '@odata.type': '#microsoft.graph.fileAttachment',
    id: attachmentId(messageId, n),
    lastModifiedDateTime: lastModified,
    name: attachment.name,
    contentType: attachment.contentType,
    size: attachment.size,
    isInline: attachment.isInline ?? false,
    ...(withContent ? { contentBytes: attachmentBytes(attachment).toString('base64') } : {}),
  };
}

export function eventRecord(tenant: Tenant, container: Container, index: number, userIdx: number): EventRecord {
  const stored = container.stored.get(index) as EventRecord | undefined;
  if (stored) return stored;
  const { v } = tenant.state(container, index);
  const r = rngFor(tenant.seed, container.key, index);
  const start = VIRTUAL_EPOCH + Math.floor((r.next() - 0.6) * 365) * DAY + r.int(8, 17) * 3_600_000;
  const minutes = r.pick([30, 45, 60, 90, 120]);
  const created = iso(start - r.int(1, 30) * DAY);
  const attendees = Array.from({ length: r.int(0, 4) }, () => someone(tenant, r, userIdx));
  const baseLocation = r.pick(LOCATIONS);
  return {
    subject: `${r.pick(TOPICS)} ${r.pick(['sync', 'review', 'kick-off', 'planning', '1:1', 'workshop'])}`,
    bodyHtml: `<html><body><p>${sentence(r)}</p></body></html>`,
    start: { dateTime: iso(start).replace('Z', '.0000000'), timeZone: 'UTC' },
    end: { dateTime: iso(start + minutes * 60_000).replace('Z', '.0000000'), timeZone: 'UTC' },
    location: v > 0 ? LOCATIONS[(LOCATIONS.indexOf(baseLocation) + v) % LOCATIONS.length] : baseLocation,
    isAllDay: false,
    organizer: r.chance(0.6) ? userAddress(tenant, userIdx) : someone(tenant, r, userIdx),
    attendees,
    createdDateTime: created,
    lastModifiedDateTime: changedAt(tenant, container, index, created),
  };
}

export function eventJson(tenant: Tenant, container: Container, index: number, record: EventRecord) {
  const { v } = tenant.state(container, index);
  return {
    ...(record.extra ?? {}),
    id: tenant.itemId(container, index),
    createdDateTime: record.createdDateTime,
    lastModifiedDateTime: record.lastModifiedDateTime,
    changeKey: `DwAAABYAAA${hashKey(container.key, index, v).toString(36)}`,
    subject: record.subject,
    bodyPreview: preview(record.bodyHtml),
    body: { contentType: 'html', content: record.bodyHtml },
    start: record.start,
    end: record.end,
    location: { displayName: record.location },
    isAllDay: record.isAllDay,
    showAs: 'busy',
    organizer: recipient(record.organizer),
    attendees: record.attendees.map((a) => ({ type: 'required', status: { response: 'none', time: '0001-01-01T00:00:00Z' }, ...recipient(a) })),
  };
}

export function contactRecord(tenant: Tenant, container: Container, index: number): ContactRecord {
  const stored = container.stored.get(index) as ContactRecord | undefined;
  if (stored) return stored;
  const { v } = tenant.state(container, index);
  const r = rngFor(tenant.seed, container.key, index);
  const person = externalAddress(tenant, r);
  const [givenName, surname] = person.name.split(' ');
  const created = iso(pastTime(r));
  const phone = () => `+1 425 555 ${String(r.int(0, 9999)).padStart(4, '0')}`;
  const business = phone();
  const mobile = phone();
  return {
    givenName,
    surname,
    displayName: person.name,
    emailAddresses: [person],
    businessPhones: [business],
    mobilePhone: v > 0 ? `+1 206 555 ${String(hashKey(container.key, index, v) % 10000).padStart(4, '0')}` : mobile,
    companyName: person.address.split('@')[1].replace('.example', ''),
    jobTitle: r.pick(JOB_TITLES),
    createdDateTime: created,
    lastModifiedDateTime: changedAt(tenant, container, index, created),
  };
}

/** The id of a user's default Contacts folder (the emulator's only contact folder). */
export const contactFolderIdOf = (userIdx: number) => `AAMkAGcF${b64url(String(userIdx))}`;

export function contactJson(tenant: Tenant, container: Container, index: number, record: ContactRecord, userIdx: number) {
  const { v } = tenant.state(container, index);
  return {
    id: tenant.itemId(container, index),
    parentFolderId: contactFolderIdOf(userIdx),
    createdDateTime: record.createdDateTime,
    lastModifiedDateTime: record.lastModifiedDateTime,
    changeKey: `EQAAABYAAA${hashKey(container.key, index, v).toString(36)}`,
    displayName: record.displayName,
    givenName: record.givenName,
    surname: record.surname,
    emailAddresses: record.emailAddresses,
    businessPhones: record.businessPhones,
    mobilePhone: record.mobilePhone,
    companyName: record.companyName,
    jobTitle: record.jobTitle,
  };
}

export function chatMessageRecord(tenant: Tenant, container: Container, index: number, memberIdx: number[]): ChatMessageRecord {
  const stored = container.stored.get(index) as ChatMessageRecord | undefined;
  if (stored) return stored;
  const { v } = tenant.state(container, index);
  const r = rngFor(tenant.seed, container.key, index);
  const authorIdx = memberIdx.length ? r.pick(memberIdx) : 0;
  const author = tenant.users[authorIdx];
  // Messages of a channel are spread over the past year in index order, like a real conversation.
  const created = iso(VIRTUAL_EPOCH - 365 * DAY + Math.floor(((index + 1) / (container.count + 1)) * 360 * DAY) + r.int(0, 3_600_000));
  return {
    subject: r.chance(0.2) ? subjectLine(r) : null,
    bodyType: 'html',
    body: `<p>${sentence(r)}</p>${v > 0 ? `<p>(edited ${v})</p>` : ''}`,
    from: { id: author.id, displayName: author.displayName },
    createdDateTime: created,
    lastModifiedDateTime: changedAt(tenant, container, index, created),
  };
}

export function chatMessageJson(tenant: Tenant, container: Container, index: number, record: ChatMessageRecord, teamId: string, channelId: string) {
  const id = tenant.itemId(container, index);
  return {
    id,
    replyToId: null,
    etag: String(hashKey(container.key, index, tenant.state(container, index).v)),
    messageType: 'message',
    createdDateTime: record.createdDateTime,
    lastModifiedDateTime: record.lastModifiedDateTime,
    lastEditedDateTime: record.lastModifiedDateTime === record.createdDateTime ? null : record.lastModifiedDateTime,
    deletedDateTime: record.deletedDateTime ?? null,
    subject: record.subject,
    summary: null,
    importance: 'normal',
    locale: 'en-us',
    webUrl: `https://teams.microsoft.com/l/message/${encodeURIComponent(channelId)}/${id}`,
    channelIdentity: { teamId, channelId },
    from: record.from ? { application: null, device: null, user: { '@odata.type': '#microsoft.graph.teamworkUserIdentity', id: record.from.id, displayName: record.from.displayName, userIdentityType: 'aadUser' } } : null,
    body: { contentType: record.bodyType, content: record.body },
    attachments: [],
    mentions: [],
    reactions: [],
  };
}

/** The licence every emulated user holds (Microsoft 365 Business Standard's SKU id). */
export const EMULATED_SKU_ID = 'f245ecc8-75af-4f8e-b61f-27d8114de5f3';

export function userJson(tenant: Tenant, idx: number) {
  const user = tenant.users[idx];
  const { v } = tenant.state(tenant.usersContainer, idx);
  return {
    id: user.id,
    displayName: user.displayName,
    givenName: user.givenName,
    surname: user.surname,
    userPrincipalName: user.userPrincipalName,
    mail: user.userPrincipalName,
    // A changed user got a new job title: the only user attribute that mutates.
    jobTitle: v > 0 ? JOB_TITLES[(JOB_TITLES.indexOf(user.jobTitle) + v) % JOB_TITLES.length] : user.jobTitle,
    department: user.department,
    officeLocation: null,
    mobilePhone: null,
    businessPhones: [],
    preferredLanguage: 'en-US',
    accountEnabled: !user.shared,
    // Graph lists licences only when $select names them; a shared mailbox has none.
    assignedLicenses: user.shared ? [] : [{ skuId: EMULATED_SKU_ID, disabledPlans: [] }],
  };
}

export function fileNameFor(r: Rng, index: number, ext: string): string {
  return `${r.pick(TOPICS).replace(/[^A-Za-z]/g, '')}-${r.pick(NOUNS)}_${index}.${ext}`;
}
