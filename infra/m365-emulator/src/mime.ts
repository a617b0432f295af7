import { hashKey } from './prng';
import { attachmentBytes, type Address, type AttachmentRecord, type MessageRecord } from './items';

// Just enough RFC 5322/2045 to serve `$value` for generated messages and to accept the MIME that
// a backup took from `$value` back as a new message (restore).

const CRLF = '\r\n';
const needsEncoding = (text: string) => /[^\x20-\x7e]/.test(text);
const encodeWord = (text: string) => (needsEncoding(text) ? `=?utf-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=` : text);

function formatAddress(address: Address): string {
  if (!address.name) return address.address;
  const name = needsEncoding(address.name) ? encodeWord(address.name) : `"${address.name.replace(/(["\\])/g, '\\$1')}"`;
  return `${name} <${address.address}>`;
}

function base64Lines(bytes: Buffer): string {
  const text = bytes.toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += 76) lines.push(text.slice(i, i + 76));
  return lines.join(CRLF);
}

function rfc2822Date(isoDate: string): string {
  return new Date(isoDate).toUTCString().replace('GMT', '+0000');
}

/** The top-level header fields of the message's MIME (what `$value` serves), unfolded, as Graph's `internetMessageHeaders`. */
export function internetMessageHeaders(record: MessageRecord): { name: string; value: string }[] {
  const text = buildMime(record).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const block = (end < 0 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const headers: { name: string; value: string }[] = [];
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return headers;
}

export function buildMime(record: MessageRecord): Buffer {
  if (record.raw) return record.raw;
  const headers = [`From: ${formatAddress(record.from)}`];
  if (record.to.length) headers.push(`To: ${record.to.map(formatAddress).join(', ')}`);
  if (record.cc.length) headers.push(`Cc: ${record.cc.map(formatAddress).join(', ')}`);
  if (record.bcc.length) headers.push(`Bcc: ${record.bcc.map(formatAddress).join(', ')}`);
  headers.push(`Subject: ${encodeWord(record.subject)}`, `Date: ${rfc2822Date(record.sentDateTime)}`, `Message-ID: ${record.internetMessageId}`);
  if (record.importance !== 'normal') headers.push(`Importance: ${record.importance}`);
  headers.push('MIME-Version: 1.0');
  const bodyType = record.bodyType === 'html' ? 'text/html' : 'text/plain';
  const bodyPart = [`Content-Type: ${bodyType}; charset="utf-8"`, 'Content-Transfer-Encoding: base64', '', base64Lines(Buffer.from(record.body, 'utf8'))];
  if (record.attachments.length === 0) return Buffer.from([...headers, ...bodyPart, ''].join(CRLF), 'utf8');
  const boundary = `_emu_${hashKey(record.internetMessageId).toString(36)}_`;
  const lines = [...headers, `Content-Type: multipart/mixed; boundary="${boundary}"`, '', `--${boundary}`, ...bodyPart];
  for (const attachment of record.attachments) {
    const name = encodeWord(attachment.name);
    lines.push(
      `--${boundary}`,
      `Content-Type: ${attachment.contentType}; name="${name}"`,
      `Content-Disposition: ${attachment.isInline ? 'inline' : 'attachment'}; filename="${name}"; size=${attachment.size}`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(attachmentBytes(attachment)),
    );
  }
  lines.push(`--${boundary}--`, '');
  return Buffer.from(lines.join(CRLF), 'utf8');
}

interface Part {
  headers: Map<string, string>;
  body: Buffer;
}

function splitHeaders(buffer: Buffer): Part {
  const text = buffer.toString('latin1');
  let end = text.indexOf('\r\n\r\n');
  let skip = 4;
  if (end < 0) {
    end = text.indexOf('\n\n');
    skip = 2;
  }
  if (end < 0) {
    end = text.length;
    skip = 0;
  }
  const headers = new Map<string, string>();
  const unfolded = text.slice(0, end).replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      const key = line.slice(0, colon).trim().toLowerCase();
      if (!headers.has(key)) headers.set(key, line.slice(colon + 1).trim());
    }
  }
  return { headers, body: buffer.subarray(Math.min(buffer.length, end + skip)) };
}

function decodeWords(value: string): string {
  // Raw 8-bit header bytes were read as latin1; reinterpret them as UTF-8 before decoding encoded words.
  const text = /[\x80-\xff]/.test(value) ? Buffer.from(value, 'latin1').toString('utf8') : value;
  return text.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, mode: string, data: string) => {
    if (mode.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
    return Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  });
}

function param(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const match = new RegExp(`${name}\\*?=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header);
  return match ? decodeWords(match[1] ?? match[2]) : undefined;
}

export function parseAddresses(value: string | undefined): Address[] {
  if (!value) return [];
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let angle = false;
  for (const ch of decodeWords(value)) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && ch === '<') angle = true;
    if (!quoted && ch === '>') angle = false;
    if (ch === ',' && !quoted && !angle) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^(.*?)\s*<([^>]+)>$/.exec(part);
      if (!match) return { name: part, address: part };
      const name = match[1].replace(/^"|"$/g, '').replace(/\\(["\\])/g, '$1').trim();
      return { name: name || match[2], address: match[2] };
    });
}

function decodeBody(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.toString('latin1').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const text = part.body.toString('latin1').replace(/=\r?\n/g, '');
    return Buffer.from(text.replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  }
  return part.body;
}

function splitMultipart(body: Buffer, boundary: string): Buffer[] {
  const text = body.toString('latin1');
  const delimiter = `--${boundary}`;
  const parts: Buffer[] = [];
  let position = text.indexOf(delimiter);
  while (position >= 0) {
    const start = text.indexOf('\n', position) + 1;
    if (text.startsWith(`${delimiter}--`, position) || start === 0) break;
    const next = text.indexOf(`\n${delimiter}`, start);
    const end = next < 0 ? text.length : next;
    parts.push(Buffer.from(text.slice(start, end).replace(/\r$/, ''), 'latin1'));
    position = next < 0 ? -1 : next + 1;
  }
  return parts;
}

/** Reads the fields Graph shows for a message created from MIME; the raw bytes are kept as posted. */
export function parseMime(raw: Buffer, fallbackTime: string): Omit<MessageRecord, 'isDraft' | 'isRead' | 'categories' | 'conversationId' | 'lastModifiedDateTime' | 'createdDateTime' | 'receivedDateTime'> {
  const top = splitHeaders(raw);
  let body = '';
  let bodyType: 'html' | 'text' = 'text';
  const attachments: AttachmentRecord[] = [];
  const visit = (part: Part) => {
    const type = part.headers.get('content-type') ?? 'text/plain';
    const disposition = part.headers.get('content-disposition');
    if (/^multipart\//i.test(type)) {
      const boundary = param(type, 'boundary');
      if (boundary) for (const child of splitMultipart(part.body, boundary)) visit(splitHeaders(child));
      return;
    }
    const isAttachment = /^attachment/i.test(disposition ?? '') || (!!param(disposition, 'filename') && !/^text\//i.test(type));
    if (!isAttachment && /^text\/(html|plain)/i.test(type) && (body === '' || /html/i.test(type))) {
      const charset = (param(type, 'charset') ?? 'utf-8').toLowerCase();
      const decoded = decodeBody(part);
      body = charset.includes('8859') || charset.includes('latin') ? decoded.toString('latin1') : decoded.toString('utf8');
      bodyType = /html/i.test(type) ? 'html' : 'text';
      return;
    }
    const bytes = decodeBody(part);
    attachments.push({
      name: param(disposition, 'filename') ?? param(type, 'name') ?? 'attachment',
      contentType: type.split(';')[0].trim(),
      size: bytes.length,
      bytes,
      isInline: /^inline/i.test(disposition ?? ''),
    });
  };
  visit(top);
  const date = top.headers.get('date');
  const parsedDate = date ? new Date(date) : null;
  const sent = parsedDate && !Number.isNaN(parsedDate.getTime()) ? parsedDate.toISOString().replace(/\.\d{3}Z$/, 'Z') : fallbackTime;
  const importance = (top.headers.get('importance') ?? 'normal').toLowerCase();
  return {
    subject: decodeWords(top.headers.get('subject') ?? ''),
    from: parseAddresses(top.headers.get('from'))[0] ?? { name: '', address: '' },
    to: parseAddresses(top.headers.get('to')),
    cc: parseAddresses(top.headers.get('cc')),
    bcc: parseAddresses(top.headers.get('bcc')),
    sentDateTime: sent,
    bodyType,
    body,
    attachments,
    internetMessageId: top.headers.get('message-id') ?? `<${hashKey(raw.toString('latin1')).toString(36)}@emulator>`,
    importance: importance === 'high' || importance === 'low' ? importance : 'normal',
    raw,
  };
}
