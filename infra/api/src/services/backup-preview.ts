// Preview pane data for an item version: mail bodies and attachment list from the stored MIME,
// event/contact/chat text from the stored JSON, text files as text. Mail HTML is returned raw; the
// page must sanitise it and show it in a sandboxed frame (contract note on ItemPreview).

const PREVIEW_TEXT_LIMIT = 200_000;

interface Part {
  headers: Map<string, string>;
  body: Buffer;
}

function splitHeaders(raw: Buffer): Part {
  const text = raw.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const headerText = end < 0 ? text : text.slice(0, end);
  const bodyStart = end < 0 ? raw.length : end + (text.slice(end).startsWith('\r\n\r\n') ? 4 : 2);
  const headers = new Map<string, string>();
  for (const line of headerText.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.subarray(bodyStart) };
}

const param = (header: string | undefined, name: string) => new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '')?.[1];

function decodeWords(text: string): string {
  return text.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
  );
}

function decodeBody(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.toString('latin1').replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const text = part.body.toString('latin1').replace(/=\r?\n/g, '');
    return Buffer.from(text.replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1');
  }
  return part.body;
}

function walk(part: Part, out: { text: string | null; html: string | null; attachments: Array<{ name: string; sizeBytes: number; contentType: string }> }, depth = 0) {
  const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
  const boundary = param(part.headers.get('content-type'), 'boundary');
  if (type.startsWith('multipart/') && boundary && depth < 10) {
    const chunks = part.body.toString('latin1').split(`--${boundary}`);
    for (const chunk of chunks.slice(1)) {
      if (chunk.startsWith('--')) break;
      walk(splitHeaders(Buffer.from(chunk.replace(/^\r?\n/, ''), 'latin1')), out, depth + 1);
    }
    return;
  }
  const disposition = part.headers.get('content-disposition') ?? '';
  const name = param(disposition, 'filename') ?? param(part.headers.get('content-type'), 'name');
  const body = decodeBody(part);
  if (/^attachment/i.test(disposition) || (name && !type.startsWith('text/'))) {
    out.attachments.push({ name: decodeWords(name ?? 'attachment'), sizeBytes: body.length, contentType: type.split(';')[0] });
  } else if (type.startsWith('text/html') && out.html === null) out.html = body.toString('utf8').slice(0, PREVIEW_TEXT_LIMIT);
  else if (type.startsWith('text/') && out.text === null) out.text = body.toString('utf8').slice(0, PREVIEW_TEXT_LIMIT);
}

export function previewContent(kind: string, contentType: string, content: Buffer) {
  const out = { text: null as string | null, html: null as string | null, attachments: [] as Array<{ name: string; sizeBytes: number; contentType: string }> };
  if (kind === 'message') walk(splitHeaders(content), out);
  else if (contentType === 'application/json') {
    try {
      const value = JSON.parse(content.toString('utf8')) as { body?: { contentType?: string; content?: string } };
      if (value.body?.contentType === 'html') out.html = value.body.content ?? null;
      else if (value.body?.content) out.text = value.body.content;
      else out.text = JSON.stringify(value, null, 2).slice(0, PREVIEW_TEXT_LIMIT);
    } catch {
      out.text = null;
    }
  } else if (/^text\/|json|xml|csv/.test(contentType)) out.text = content.toString('utf8').slice(0, PREVIEW_TEXT_LIMIT);
  return { bodyText: out.text, bodyHtml: out.html, attachments: out.attachments };
}
