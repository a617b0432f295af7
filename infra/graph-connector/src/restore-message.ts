import type { GraphAttachment, GraphMessage, NewMessage, SingleValueExtendedProperty } from './types';

// Graph v1.0 creates every message as a draft, and its sentDateTime / receivedDateTime are read-only.
// A restore that should look like the original sets MAPI properties at creation instead (as Corso
// does): PR_MESSAGE_FLAGS (PidTagMessageFlags) without MSGFLAG_UNSENT makes a delivered message and
// its MSGFLAG_READ bit the read state; PR_CLIENT_SUBMIT_TIME and PR_MESSAGE_DELIVERY_TIME carry the
// original sent and received times.

export const PR_MESSAGE_FLAGS = 'Integer 0x0E07';
export const PR_CLIENT_SUBMIT_TIME = 'SystemTime 0x0039';
export const PR_MESSAGE_DELIVERY_TIME = 'SystemTime 0x0E06';
export const MSGFLAG_READ = 0x1;
export const MSGFLAG_UNSENT = 0x8;

/** The extended properties that make a created message the delivered original: never unsent. */
export function restoredMessageProperties(source: Pick<GraphMessage, 'isRead' | 'sentDateTime' | 'receivedDateTime'>): SingleValueExtendedProperty[] {
  const properties: SingleValueExtendedProperty[] = [{ id: PR_MESSAGE_FLAGS, value: String(source.isRead === false ? 0 : MSGFLAG_READ) }];
  if (source.sentDateTime) properties.push({ id: PR_CLIENT_SUBMIT_TIME, value: source.sentDateTime });
  if (source.receivedDateTime) properties.push({ id: PR_MESSAGE_DELIVERY_TIME, value: source.receivedDateTime });
  return properties;
}

/**
 * The JSON create body that restores a backed-up message: its writable fields (subject, body,
 * recipients, importance, categories, flag, internetMessageId), its file attachments, and the
 * properties above. Read-only and server-assigned fields are left out.
 */
export function messageForRestore(source: GraphMessage, attachments: GraphAttachment[] = source.attachments ?? []): NewMessage {
  const message: NewMessage = {
    subject: source.subject ?? '',
    body: source.body,
    from: source.from ?? undefined,
    sender: source.sender ?? undefined,
    toRecipients: source.toRecipients ?? [],
    ccRecipients: source.ccRecipients ?? [],
    bccRecipients: source.bccRecipients ?? [],
    replyTo: source.replyTo ?? [],
    importance: source.importance,
    isRead: source.isRead,
    categories: source.categories ?? [],
    flag: source.flag ? { flagStatus: source.flag.flagStatus } : undefined,
    internetMessageId: source.internetMessageId,
    singleValueExtendedProperties: [...restoredMessageProperties(source), ...(source.singleValueExtendedProperties ?? []).filter((p) => !isRestoreProperty(p.id))],
  };
  const files = attachments
    .filter((a) => a['@odata.type'] === '#microsoft.graph.fileAttachment' && a.contentBytes !== undefined)
    .map((a) => ({
      '@odata.type': a['@odata.type'],
      name: a.name,
      contentType: a.contentType,
      isInline: a.isInline ?? false,
      ...(a.contentId ? { contentId: a.contentId } : {}),
      contentBytes: a.contentBytes,
    }));
  if (files.length) message.attachments = files;
  return Object.fromEntries(Object.entries(message).filter(([, value]) => value !== undefined)) as NewMessage;
}

function isRestoreProperty(id: string): boolean {
  const tag = /^\s*(\w+)\s+0x([0-9a-f]+)\s*$/i.exec(id);
  if (!tag) return false;
  const key = `${tag[1].toLowerCase()} ${parseInt(tag[2], 16)}`;
  return key === 'integer 3591' || key === 'systemtime 57' || key === 'systemtime 3590';
}
