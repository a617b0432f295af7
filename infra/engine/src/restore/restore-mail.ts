import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { messageForRestore, type GraphAttachment, type GraphClient, type GraphMessage, type Recipient } from '@portal/graph-connector';
import type { MessageFacts } from '../catalog/item-facts';
import { sameInstant } from './same-instant';

// Restoring a backed-up message so that it looks like the original, not like a draft. Graph
// creates a message from MIME only as a draft, so the MIME is parsed and sent as JSON with the
// extended properties that make it delivered (messageForRestore), as Corso does. Graph caps a
// request at 4 MB: a message whose JSON would exceed MAX_JSON_BYTES is restored from its MIME
// instead, complete but as a draft, and the caller says so.

/** Below Graph's 4 MB request limit, with room for headers. */
export const MAX_JSON_BYTES = 3_500_000;

export interface MessageRestoreResult {
  /** Every compared fact matches (see compareRestoredMessage). */
  verified: boolean;
  /** What differs, for the job log; empty when verified. */
  differences: string[];
  /** True when the message had to be restored from MIME (a draft). */
  asDraft: boolean;
}

const recipients = (value: AddressObject | AddressObject[] | undefined): Recipient[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((group) => group.value)
    .filter((address) => !!address.address)
    .map((address) => ({ emailAddress: { address: address.address!, ...(address.name ? { name: address.name } : {}) } }));

function attachmentsOf(parsed: ParsedMail): GraphAttachment[] {
  return parsed.attachments.map((attachment, index) => ({
    '@odata.type': '#microsoft.graph.fileAttachment',
    name: attachment.filename ?? `attachment-${index + 1}`,
    contentType: attachment.contentType,
    size: attachment.size,
    isInline: attachment.contentDisposition === 'inline' && !!attachment.contentId,
    ...(attachment.contentId ? { contentId: attachment.contentId.replace(/^<|>$/g, '') } : {}),
    contentBytes: attachment.content.toString('base64'),
  }));
}

/** The original as Graph would describe it, from its MIME and the facts kept at backup. */
export async function sourceMessage(mime: Buffer, facts: MessageFacts): Promise<GraphMessage> {
  const parsed = await simpleParser(mime, { skipTextToHtml: true, skipImageLinks: true });
  const from = recipients(parsed.from)[0];
  return {
    id: '',
    subject: parsed.subject ?? '',
    body: parsed.html ? { contentType: 'html', content: parsed.html } : { contentType: 'text', content: parsed.text ?? '' },
    from,
    sender: from,
    toRecipients: recipients(parsed.to),
    ccRecipients: recipients(parsed.cc),
    bccRecipients: recipients(parsed.bcc),
    replyTo: recipients(parsed.replyTo),
    internetMessageId: parsed.messageId,
    isRead: facts.isRead,
    importance: facts.importance,
    categories: facts.categories,
    flag: { flagStatus: facts.flagStatus },
    sentDateTime: facts.sentDateTime ?? parsed.date?.toISOString(),
    receivedDateTime: facts.receivedDateTime ?? undefined,
    attachments: attachmentsOf(parsed),
  };
}

const digest = (base64: string | undefined) => createHash('sha256').update(Buffer.from(base64 ?? '', 'base64')).digest('hex');
const attachmentKeys = (list: GraphAttachment[]) => list.map((a) => `${a.name}:${digest(a.contentBytes)}`).sort();

/** The facts a restore must keep, compared between the original and what Graph now holds. */
export function compareRestoredMessage(source: GraphMessage, restored: GraphMessage, restoredAttachments: GraphAttachment[]): string[] {
  const differences: string[] = [];
  const check = (fact: string, same: boolean) => {
    if (!same) differences.push(fact);
  };
  check('draft state', restored.isDraft === false);
  check('subject', (restored.subject ?? '') === (source.subject ?? ''));
  check('sent time', sameInstant(restored.sentDateTime, source.sentDateTime));
  check('received time', sameInstant(restored.receivedDateTime, source.receivedDateTime));
  check('read state', restored.isRead === source.isRead);
  check('flag', (restored.flag?.flagStatus ?? 'notFlagged') === (source.flag?.flagStatus ?? 'notFlagged'));
  check('importance', (restored.importance ?? 'normal') === (source.importance ?? 'normal'));
  check('categories', JSON.stringify([...(restored.categories ?? [])].sort()) === JSON.stringify([...(source.categories ?? [])].sort()));
  check('attachments', JSON.stringify(attachmentKeys(restoredAttachments)) === JSON.stringify(attachmentKeys(source.attachments ?? [])));
  return differences;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Restores one message into `folderId` of `userId` and reads it back to compare its facts. */
export async function restoreMessage(graph: GraphClient, userId: string, folderId: string, mime: Buffer, facts: MessageFacts | null): Promise<MessageRestoreResult> {
  const source = facts ? await sourceMessage(mime, facts) : null;
  const body = source ? messageForRestore(source) : null;
  if (!source || !body || Buffer.byteLength(JSON.stringify(body)) > MAX_JSON_BYTES) {
    // A version backed up before facts were kept, or too large for one JSON request.
    const created = await graph.createMessageFromMime(userId, folderId, mime);
    const same = Buffer.from(await graph.getMessageMime(userId, created.id)).equals(mime);
    return { verified: same, differences: same ? [] : ['content'], asDraft: true };
  }
  const created = await graph.createMessage(userId, folderId, body);
  const restored = await graph.getMessage(userId, created.id);
  const attachments = restored.hasAttachments || (source.attachments ?? []).length ? await collect(graph.listAttachments(userId, created.id)) : [];
  const differences = compareRestoredMessage(source, restored, attachments);
  return { verified: differences.length === 0, differences, asDraft: false };
}
