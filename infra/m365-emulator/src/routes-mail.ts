import { HttpError, badRequest, decode, readJson, select, sendJson, type Ctx, type Route } from './http-kit';
import { sendArrayPage, sendDeltaPage, sendListPage } from './listing';
import {
  attachmentBytes,
  attachmentId,
  attachmentJson,
  contactJson,
  contactRecord,
  eventJson,
  eventRecord,
  messageJson,
  messageRecord,
  type Address,
  type AttachmentRecord,
  type ContactRecord,
  type EventRecord,
  type FlagStatus,
  type MessageRecord,
} from './items';
import { buildMime, internetMessageHeaders, parseMime } from './mime';
import { b64url, guidFor } from './prng';
import { userOf } from './routes-directory';
import { outlookDeltaRoutes } from './routes-outlook-delta';
import type { Container, MailFolderInfo, Tenant, UserInfo } from './tenant';

// Mailboxes: folders, messages (JSON, MIME, attachments, delta), events and contacts.

const itemNotFound = () => new HttpError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');

/** A message as Graph renders it; `internetMessageHeaders` only when `$select` names it, as Graph documents. */
function renderMessage(ctx: Ctx, container: Container, index: number, record: MessageRecord, folderId: string): Record<string, unknown> {
  const json: Record<string, unknown> = messageJson(ctx.tenant, container, index, record, folderId);
  const selected = (ctx.url.searchParams.get('$select') ?? '').split(',').map((field) => field.trim());
  if (selected.includes('internetMessageHeaders')) json.internetMessageHeaders = internetMessageHeaders(record);
  const expanded = expandedProperties(ctx, record.extendedProperties);
  if (expanded) json.singleValueExtendedProperties = expanded;
  return json;
}

function folderOf(ctx: Ctx, user: UserInfo, raw: string): { folder: MailFolderInfo; folderNo: number } {
  const id = decode(raw);
  const folderNo = user.folders.findIndex((f) => f.id === id || (f.wellKnownName !== undefined && f.wellKnownName === id.toLowerCase()));
  if (folderNo < 0) throw itemNotFound();
  return { folder: user.folders[folderNo], folderNo };
}

function messageOf(ctx: Ctx, user: UserInfo, raw: string) {
  const parsed = ctx.tenant.parseItemId('message', decode(raw));
  if (!parsed || !ctx.tenant.exists(parsed.container, parsed.index)) throw itemNotFound();
  const folderNo = user.folders.findIndex((f) => f.containerNo === parsed.container.no);
  if (folderNo < 0) throw itemNotFound();
  const record = messageRecord(ctx.tenant, parsed.container, parsed.index, user.idx, folderNo);
  return { ...parsed, folderNo, record, folder: user.folders[folderNo] };
}

function ownedItem(ctx: Ctx, kind: 'event' | 'contact', containerNo: number, raw: string) {
  const parsed = ctx.tenant.parseItemId(kind, decode(raw));
  if (!parsed || parsed.container.no !== containerNo || !ctx.tenant.exists(parsed.container, parsed.index)) throw itemNotFound();
  return parsed;
}

function liveCount(container: Container): number {
  let deleted = 0;
  for (const state of container.overlay.values()) if (state.deleted) deleted++;
  return container.count - deleted;
}

function folderJson(tenant: Tenant, user: UserInfo, folderNo: number) {
  const folder = user.folders[folderNo];
  return {
    id: folder.id,
    displayName: folder.displayName,
    parentFolderId: folder.parent < 0 ? `AAMkAGr${b64url(String(user.idx))}` : user.folders[folder.parent].id,
    childFolderCount: user.folders.filter((f) => f.parent === folderNo).length,
    unreadItemCount: 0,
    totalItemCount: liveCount(tenant.containers[folder.containerNo]),
    sizeInBytes: 0,
    isHidden: false,
  };
}

function createFolder(ctx: Ctx, user: UserInfo, parent: number, displayName: unknown) {
  if (typeof displayName !== 'string' || !displayName.trim()) throw badRequest('displayName is required.', 'ErrorInvalidRequest');
  if (user.folders.some((f) => f.parent === parent && f.displayName.toLowerCase() === displayName.toLowerCase())) {
    throw new HttpError(409, 'ErrorFolderExists', 'A folder with the specified name already exists.');
  }
  const folderNo = user.folders.length;
  // Folders written through the API get containers like generated ones; they start empty.
  const container: Container = { no: ctx.tenant.containers.length, kind: 'message', key: `u${user.idx}/mail/${folderNo}`, baseCount: 0, count: 0, overlay: new Map(), stored: new Map(), names: new Map() };
  ctx.tenant.containers.push(container);
  user.folders.push({ id: ctx.tenant.folderId(user.idx, folderNo), displayName, parent, containerNo: container.no });
  sendJson(ctx.res, 201, folderJson(ctx.tenant, user, folderNo));
}

interface JsonRecipient {
  emailAddress?: { name?: string; address?: string };
}
const toAddress = (r: JsonRecipient | undefined): Address | null => (r?.emailAddress?.address ? { name: r.emailAddress.name ?? r.emailAddress.address, address: r.emailAddress.address } : null);
const toAddresses = (list: unknown): Address[] => (Array.isArray(list) ? (list as JsonRecipient[]).map(toAddress).filter((a): a is Address => a !== null) : []);

// MAPI property tags Graph reads at creation (singleValueLegacyExtendedProperty ids "Integer 0x0E07" ...).
const PR_MESSAGE_FLAGS = 0x0e07;
const PR_CLIENT_SUBMIT_TIME = 0x0039;
const PR_MESSAGE_DELIVERY_TIME = 0x0e06;
const MSGFLAG_READ = 0x1;
const MSGFLAG_UNSENT = 0x8;

/** `{type} 0x{tag}` → the tag and type, or null for named properties (`String {guid} Name x`). */
function taggedProperty(id: string): { type: string; tag: number } | null {
  const match = /^\s*(\w+)\s+0x([0-9a-f]{1,4})\s*$/i.exec(id);
  return match ? { type: match[1].toLowerCase(), tag: parseInt(match[2], 16) } : null;
}

const PROPERTY_TYPES = ['Binary', 'Boolean', 'CLSID', 'Currency', 'Double', 'Float', 'Integer', 'Long', 'Object', 'Short', 'SystemTime', 'String'];

/** Graph answers a tagged id in its canonical form: "Integer 0x0E07" comes back as "Integer 0xe07". */
function canonicalId(id: string): string {
  const tagged = taggedProperty(id);
  if (!tagged) return id;
  const type = PROPERTY_TYPES.find((t) => t.toLowerCase() === tagged.type) ?? tagged.type;
  return `${type} 0x${tagged.tag.toString(16)}`;
}

function sameProperty(a: string, b: string): boolean {
  const ta = taggedProperty(a);
  const tb = taggedProperty(b);
  if (ta && tb) return ta.type === tb.type && ta.tag === tb.tag;
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function extendedPropertiesOf(json: Record<string, unknown>): { id: string; value: string }[] {
  const raw = json.singleValueExtendedProperties;
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw badRequest('singleValueExtendedProperties must be a collection.', 'ErrorInvalidRequest');
  return raw.map((p: unknown) => {
    const { id, value } = (p ?? {}) as { id?: unknown; value?: unknown };
    if (typeof id !== 'string' || typeof value !== 'string') throw badRequest('Each singleValueExtendedProperty needs a string id and value.', 'ErrorInvalidRequest');
    return { id: canonicalId(id), value };
  });
}

function propertyValue(props: { id: string; value: string }[], type: string, tag: number): string | undefined {
  return props.find((p) => {
    const t = taggedProperty(p.id);
    return t !== null && t.type === type && t.tag === tag;
  })?.value;
}

function systemTime(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw badRequest(`The value of ${name} is not a valid SystemTime.`, 'ErrorInvalidProperty');
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

/** The extended properties a `$expand=singleValueExtendedProperties($filter=id eq '...')` asks for; null when not expanded. */
function expandedProperties(ctx: Ctx, props: { id: string; value: string }[] | undefined): { id: string; value: string }[] | null {
  const expand = ctx.url.searchParams.get('$expand') ?? '';
  const match = /singleValueExtendedProperties(?:\(([^)]*)\))?/i.exec(expand);
  if (!match) return null;
  const filter = /\$filter\s*=\s*(.*)$/i.exec(match[1] ?? '')?.[1];
  const all = props ?? [];
  if (!filter) return all;
  const wanted = [...filter.matchAll(/id\s+eq\s+'([^']*)'/gi)].map((m) => m[1]);
  if (wanted.length === 0) throw badRequest('Only id eq filters are supported on singleValueExtendedProperties.', 'ErrorInvalidUrlQueryFilter');
  return all.filter((p) => wanted.some((w) => sameProperty(p.id, w)));
}

function recordFromJson(ctx: Ctx, user: UserInfo, json: Record<string, unknown>): MessageRecord {
  const now = ctx.tenant.timeOf(ctx.tenant.seq + 1);
  const body = (json.body ?? {}) as { contentType?: string; content?: string };
  const attachments: AttachmentRecord[] = [];
  for (const raw of Array.isArray(json.attachments) ? (json.attachments as Record<string, unknown>[]) : []) {
    if (raw['@odata.type'] !== '#microsoft.graph.fileAttachment' || typeof raw.contentBytes !== 'string' || typeof raw.name !== 'string') {
      throw badRequest('Only file attachments with name and contentBytes are supported.', 'ErrorInvalidRequest');
    }
    const bytes = Buffer.from(raw.contentBytes, 'base64');
    attachments.push({ name: raw.name, contentType: typeof raw.contentType === 'string' ? raw.contentType : 'application/octet-stream', size: bytes.length, bytes, isInline: raw.isInline === true });
  }
  const from = toAddress(json.from as JsonRecipient) ?? { name: user.displayName, address: user.userPrincipalName };
  const str = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  const extendedProperties = extendedPropertiesOf(json);
  // Graph: a created message is a draft unless PR_MESSAGE_FLAGS is set at creation without MSGFLAG_UNSENT;
  // isDraft, sentDateTime and receivedDateTime in the body are read-only. The read flag sets isRead.
  const flagsRaw = propertyValue(extendedProperties, 'integer', PR_MESSAGE_FLAGS);
  const flags = flagsRaw === undefined ? undefined : Number(flagsRaw);
  if (flags !== undefined && !Number.isInteger(flags)) throw badRequest('The value of PR_MESSAGE_FLAGS is not an Integer.', 'ErrorInvalidProperty');
  const sent = systemTime(propertyValue(extendedProperties, 'systemtime', PR_CLIENT_SUBMIT_TIME), 'PR_CLIENT_SUBMIT_TIME');
  const received = systemTime(propertyValue(extendedProperties, 'systemtime', PR_MESSAGE_DELIVERY_TIME), 'PR_MESSAGE_DELIVERY_TIME');
  return {
    subject: str(json.subject, ''),
    from,
    to: toAddresses(json.toRecipients),
    cc: toAddresses(json.ccRecipients),
    bcc: toAddresses(json.bccRecipients),
    sentDateTime: sent ?? now,
    receivedDateTime: received ?? now,
    createdDateTime: now,
    lastModifiedDateTime: now,
    bodyType: body.contentType === 'html' ? 'html' : 'text',
    body: body.content ?? '',
    attachments,
    internetMessageId: str(json.internetMessageId, `<${guidFor(ctx.tenant.seed, 'created', ctx.tenant.seq)}@${ctx.tenant.domain}>`),
    conversationId: `AAQkAG${ctx.tenant.seq.toString(36)}`,
    importance: json.importance === 'high' || json.importance === 'low' ? json.importance : 'normal',
    isRead: flags !== undefined ? (flags & MSGFLAG_READ) !== 0 : json.isRead !== false,
    isDraft: flags === undefined || (flags & MSGFLAG_UNSENT) !== 0,
    categories: Array.isArray(json.categories) ? (json.categories as string[]) : [],
    flagStatus: flagStatusOf(json.flag),
    ...(extendedProperties.length ? { extendedProperties } : {}),
  };
}

function flagStatusOf(flag: unknown): FlagStatus {
  const status = (flag as { flagStatus?: unknown } | null | undefined)?.flagStatus;
  return status === 'flagged' || status === 'complete' ? status : 'notFlagged';
}

async function createMessage(ctx: Ctx, user: UserInfo, folderNo: number) {
  const folder = user.folders[folderNo];
  const container = ctx.tenant.containers[folder.containerNo];
  const contentType = String(ctx.req.headers['content-type'] ?? '');
  let record: MessageRecord;
  if (/^text\/plain/i.test(contentType)) {
    // Graph's MIME create: the body is the base64 of the RFC 822 message.
    const raw = Buffer.from((await ctx.body()).toString('latin1').replace(/\s+/g, ''), 'base64');
    if (raw.length === 0) throw badRequest('The MIME content is empty.', 'ErrorMimeContentInvalid');
    const now = ctx.tenant.timeOf(ctx.tenant.seq + 1);
    const parsed = parseMime(raw, now);
    // Graph v1.0 always creates a draft from MIME (only beta's importMime makes delivered mail).
    record = { ...parsed, receivedDateTime: parsed.sentDateTime, createdDateTime: now, lastModifiedDateTime: now, conversationId: `AAQkAG${ctx.tenant.seq.toString(36)}`, isRead: true, isDraft: true, categories: [] };
  } else {
    record = recordFromJson(ctx, user, await readJson<Record<string, unknown>>(ctx));
  }
  const index = ctx.tenant.addItem(container, record);
  sendJson(ctx.res, 201, messageJson(ctx.tenant, container, index, record, folder.id));
}

function eventFromJson(ctx: Ctx, user: UserInfo, json: Record<string, unknown>): EventRecord {
  const start = json.start as EventRecord['start'] | undefined;
  const end = json.end as EventRecord['end'] | undefined;
  if (!start?.dateTime || !end?.dateTime) throw badRequest('start and end are required.', 'ErrorInvalidRequest');
  const now = ctx.tenant.timeOf(ctx.tenant.seq + 1);
  const body = (json.body ?? {}) as { content?: string };
  const location = (json.location ?? {}) as { displayName?: string };
  const attendees = Array.isArray(json.attendees) ? (json.attendees as JsonRecipient[]).map(toAddress).filter((a): a is Address => a !== null) : [];
  return {
    subject: typeof json.subject === 'string' ? json.subject : '',
    bodyHtml: body.content ?? '',
    start: { dateTime: start.dateTime, timeZone: start.timeZone ?? 'UTC' },
    end: { dateTime: end.dateTime, timeZone: end.timeZone ?? 'UTC' },
    location: location.displayName ?? '',
    isAllDay: json.isAllDay === true,
    organizer: toAddress(json.organizer as JsonRecipient) ?? { name: user.displayName, address: user.userPrincipalName },
    attendees,
    createdDateTime: now,
    lastModifiedDateTime: now,
  };
}

function contactFromJson(ctx: Ctx, json: Record<string, unknown>): ContactRecord {
  const now = ctx.tenant.timeOf(ctx.tenant.seq + 1);
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  const emails = Array.isArray(json.emailAddresses) ? (json.emailAddresses as { name?: string; address?: string }[]).filter((e) => e.address).map((e) => ({ name: e.name ?? e.address ?? '', address: e.address ?? '' })) : [];
  const givenName = str(json.givenName);
  const surname = str(json.surname);
  return {
    givenName,
    surname,
    displayName: str(json.displayName) || `${givenName} ${surname}`.trim(),
    emailAddresses: emails,
    businessPhones: Array.isArray(json.businessPhones) ? (json.businessPhones as string[]) : [],
    mobilePhone: typeof json.mobilePhone === 'string' ? json.mobilePhone : null,
    companyName: str(json.companyName),
    jobTitle: str(json.jobTitle),
    createdDateTime: now,
    lastModifiedDateTime: now,
  };
}

const MESSAGE = '(?:mailFolders\\/[^/]+\\/)?messages\\/([^/]+)';

export const mailRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/users\/([^/]+)\/mailFolders$/,
    handler: (ctx, [u]) => {
      const user = userOf(ctx, u);
      const top = user.folders.map((f, n) => ({ f, n })).filter(({ f }) => f.parent < 0);
      sendArrayPage(ctx, top.map(({ n }) => folderJson(ctx.tenant, user, n)), 10, 999);
    },
  },
  { method: 'POST', pattern: /^\/users\/([^/]+)\/mailFolders$/, handler: async (ctx, [u]) => createFolder(ctx, userOf(ctx, u), -1, (await readJson<{ displayName?: unknown }>(ctx)).displayName) },
  {
    method: 'GET',
    pattern: /^\/users\/([^/]+)\/mailFolders\/([^/]+)$/,
    handler: (ctx, [u, f]) => {
      const user = userOf(ctx, u);
      sendJson(ctx.res, 200, select(ctx, folderJson(ctx.tenant, user, folderOf(ctx, user, f).folderNo)));
    },
  },
  {
    method: 'GET',
    pattern: /^\/users\/([^/]+)\/mailFolders\/([^/]+)\/childFolders$/,
    handler: (ctx, [u, f]) => {
      const user = userOf(ctx, u);
      const { folderNo } = folderOf(ctx, user, f);
      const children = user.folders.map((folder, n) => ({ folder, n })).filter(({ folder }) => folder.parent === folderNo);
      sendArrayPage(ctx, children.map(({ n }) => folderJson(ctx.tenant, user, n)), 10, 999);
    },
  },
  {
    method: 'POST',
    pattern: /^\/users\/([^/]+)\/mailFolders\/([^/]+)\/childFolders$/,
    handler: async (ctx, [u, f]) => {
      const user = userOf(ctx, u);
      createFolder(ctx, user, folderOf(ctx, user, f).folderNo, (await readJson<{ displayName?: unknown }>(ctx)).displayName);
    },
  },
  {
    method: 'GET',
    pattern: /^\/users\/([^/]+)\/mailFolders\/([^/]+)\/messages$/,
    handler: (ctx, [u, f]) => {
      const user = userOf(ctx, u);
      const { folder, folderNo } = folderOf(ctx, user, f);
      const container = ctx.tenant.containers[folder.containerNo];
      sendListPage(ctx, container, (i) => renderMessage(ctx, container, i, messageRecord(ctx.tenant, container, i, user.idx, folderNo), folder.id), { fallbackTop: 10, maxTop: 1000 });
    },
  },
  {
    method: 'GET',
    pattern: /^\/users\/([^/]+)\/mailFolders\/([^/]+)\/messages\/delta$/,
    handler: (ctx, [u, f]) => {
      const user = userOf(ctx, u);
      const { folder, folderNo } = folderOf(ctx, user, f);
      const container = ctx.tenant.containers[folder.containerNo];
      sendDeltaPage(
        ctx,
        container,
        (i) => renderMessage(ctx, container, i, messageRecord(ctx.tenant, container, i, user.idx, folderNo), folder.id),
        (i) => ({ '@odata.type': '#microsoft.graph.message', id: ctx.tenant.itemId(container, i), '@removed': { reason: 'deleted' } }),
        { fallbackTop: 10, maxTop: 1000 },
      );
    },
  },
  {
    method: 'POST',
    pattern: /^\/users\/([^/]+)\/mailFolders\/([^/]+)\/messages$/,
    handler: async (ctx, [u, f]) => {
      const user = userOf(ctx, u);
      await createMessage(ctx, user, folderOf(ctx, user, f).folderNo);
    },
  },
  {
    method: 'POST',
    pattern: /^\/users\/([^/]+)\/messages$/,
    handler: async (ctx, [u]) => {
      const user = userOf(ctx, u);
      await createMessage(ctx, user, folderOf(ctx, user, 'drafts').folderNo);
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^\\/users\\/([^/]+)\\/${MESSAGE}$`),
    handler: (ctx, [u, m]) => {
      const user = userOf(ctx, u);
      const found = messageOf(ctx, user, m);
      const json = renderMessage(ctx, found.container, found.index, found.record, found.folder.id);
      if (/\battachments\b/.test(ctx.url.searchParams.get('$expand') ?? '')) {
        json.attachments = found.record.attachments.map((a, n) => attachmentJson(String(json.id), n, a, found.record.lastModifiedDateTime, true));
      }
      const out = select(ctx, json);
      // An expanded navigation property is returned beside $select, as Graph does.
      if (json.singleValueExtendedProperties) out.singleValueExtendedProperties = json.singleValueExtendedProperties;
      sendJson(ctx.res, 200, out);
    },
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^\\/users\\/([^/]+)\\/${MESSAGE}$`),
    handler: (ctx, [u, m]) => {
      const found = messageOf(ctx, userOf(ctx, u), m);
      ctx.tenant.deleteItem(found.container, found.index);
      ctx.res.writeHead(204).end();
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^\\/users\\/([^/]+)\\/${MESSAGE}\\/\\$value$`),
    handler: (ctx, [u, m]) => {
      const mime = buildMime(messageOf(ctx, userOf(ctx, u), m).record);
      ctx.res.writeHead(200, { 'content-type': 'text/plain', 'content-length': mime.length });
      ctx.res.end(mime);
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^\\/users\\/([^/]+)\\/${MESSAGE}\\/attachments$`),
    handler: (ctx, [u, m]) => {
      const found = messageOf(ctx, userOf(ctx, u), m);
      const id = ctx.tenant.itemId(found.container, found.index);
      sendJson(ctx.res, 200, { value: found.record.attachments.map((a, n) => select(ctx, attachmentJson(id, n, a, found.record.lastModifiedDateTime, true))) });
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^\\/users\\/([^/]+)\\/${MESSAGE}\\/attachments\\/([^/]+?)(\\/\\$value)?$`),
    handler: (ctx, [u, m, a, raw]) => {
      const found = messageOf(ctx, userOf(ctx, u), m);
      const id = ctx.tenant.itemId(found.container, found.index);
      const n = found.record.attachments.findIndex((_att, k) => attachmentId(id, k) === decode(a));
      if (n < 0) throw itemNotFound();
      const attachment = found.record.attachments[n];
      if (raw) {
        const bytes = attachmentBytes(attachment);
        ctx.res.writeHead(200, { 'content-type': attachment.contentType, 'content-length': bytes.length });
        ctx.res.end(bytes);
        return;
      }
      sendJson(ctx.res, 200, attachmentJson(id, n, attachment, found.record.lastModifiedDateTime, true));
    },
  },

  {
    method: 'GET',
    pattern: /^\/users\/([^/]+)\/(?:calendar\/)?events$/,
    handler: (ctx, [u]) => {
      const user = userOf(ctx, u);
      const container = ctx.tenant.containers[user.eventsNo];
      sendListPage(ctx, container, (i) => eventJson(ctx.tenant, container, i, eventRecord(ctx.tenant, container, i, user.idx)), { fallbackTop: 10, maxTop: 1000 });
    },
  },
  {
    method: 'POST',
    pattern: /^\/users\/([^/]+)\/(?:calendar\/)?events$/,
    handler: async (ctx, [u]) => {
      const user = userOf(ctx, u);
      const container = ctx.tenant.containers[user.eventsNo];
      const record = eventFromJson(ctx, user, await readJson<Record<string, unknown>>(ctx));
      const index = ctx.tenant.addItem(container, record);
      sendJson(ctx.res, 201, eventJson(ctx.tenant, container, index, record));
    },
  },
  {
    method: 'GET',
    pattern: /^\/users\/([^/]+)\/(?:calendar\/)?events\/([^/]+)$/,
    handler: (ctx, [u, e]) => {
      const user = userOf(ctx, u);
      const { container, index } = ownedItem(ctx, 'event', user.eventsNo, e);
      sendJson(ctx.res, 200, select(ctx, eventJson(ctx.tenant, container, index, eventRecord(ctx.tenant, container, index, user.idx))));
    },
  },
  {
    method: 'GET',
    pattern: /^\/users\/([^/]+)\/contacts$/,
    handler: (ctx, [u]) => {
      const user = userOf(ctx, u);
      const container = ctx.tenant.containers[user.contactsNo];
      sendListPage(ctx, container, (i) => contactJson(ctx.tenant, container, i, contactRecord(ctx.tenant, container, i), user.idx), { fallbackTop: 10, maxTop: 1000 });
    },
  },
  {
    method: 'POST',
    pattern: /^\/users\/([^/]+)\/contacts$/,
    handler: async (ctx, [u]) => {
      const user = userOf(ctx, u);
      const container = ctx.tenant.containers[user.contactsNo];
      const record = contactFromJson(ctx, await readJson<Record<string, unknown>>(ctx));
      const index = ctx.tenant.addItem(container, record);
      sendJson(ctx.res, 201, contactJson(ctx.tenant, container, index, record, user.idx));
    },
  },
  {
    method: 'GET',
    pattern: /^\/users\/([^/]+)\/contacts\/([^/]+)$/,
    handler: (ctx, [u, c]) => {
      const user = userOf(ctx, u);
      const { container, index } = ownedItem(ctx, 'contact', user.contactsNo, c);
      sendJson(ctx.res, 200, select(ctx, contactJson(ctx.tenant, container, index, contactRecord(ctx.tenant, container, index), user.idx)));
    },
  },
  // Event and contact delta (and their DELETE) live in their own file.
  ...outlookDeltaRoutes,
];
