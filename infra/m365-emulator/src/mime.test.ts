import { buildMime, parseAddresses, parseMime } from './mime';
import type { MessageRecord } from './items';

const record: MessageRecord = {
  subject: 'Grüße aus Köln',
  from: { name: 'Zoë "Z" Example', address: 'zoe@example.com' },
  to: [{ name: 'A, B', address: 'ab@example.com' }, { name: 'C', address: 'c@example.com' }],
  cc: [],
  bcc: [],
  sentDateTime: '2025-05-06T07:08:09Z',
  receivedDateTime: '2025-05-06T07:08:10Z',
  createdDateTime: '2025-05-06T07:08:10Z',
  lastModifiedDateTime: '2025-05-06T07:08:10Z',
  bodyType: 'html',
  body: '<p>Hallo – ünïcode</p>',
  attachments: [{ name: 'report.pdf', contentType: 'application/pdf', size: 3, bytes: Buffer.from([1, 2, 3]) }],
  internetMessageId: '<abc@example.com>',
  conversationId: 'c',
  importance: 'high',
  isRead: true,
  isDraft: false,
  categories: [],
};

describe('MIME', () => {
  it('round-trips what it builds: headers, body and attachments', () => {
    const parsed = parseMime(buildMime(record), 'fallback');
    expect(parsed.subject).toBe(record.subject);
    expect(parsed.from).toEqual(record.from);
    expect(parsed.to).toEqual(record.to);
    expect(parsed.sentDateTime).toBe(record.sentDateTime);
    expect(parsed.body).toBe(record.body);
    expect(parsed.bodyType).toBe('html');
    expect(parsed.importance).toBe('high');
    expect(parsed.internetMessageId).toBe('<abc@example.com>');
    expect(parsed.attachments.map((a) => [a.name, a.contentType, a.bytes?.toString('hex')])).toEqual([['report.pdf', 'application/pdf', '010203']]);
  });

  it('reads foreign MIME: quoted-printable, folded headers, plain addresses', () => {
    const raw = Buffer.from(
      ['From: someone@example.org', 'To: "Last, First" <first@example.org>,', ' other@example.org', 'Subject: =?utf-8?Q?Caf=C3=A9_menu?=', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable', '', 'Prix =E2=82=AC5 =', 'today'].join('\r\n'),
    );
    const parsed = parseMime(raw, '2020-01-01T00:00:00Z');
    expect(parsed.subject).toBe('Café menu');
    expect(parsed.to).toEqual([{ name: 'Last, First', address: 'first@example.org' }, { name: 'other@example.org', address: 'other@example.org' }]);
    expect(parsed.body).toBe('Prix €5 today');
    expect(parsed.sentDateTime).toBe('2020-01-01T00:00:00Z');
    expect(parsed.raw?.equals(raw)).toBe(true);
  });

  it('splits address lists only outside quotes and angle brackets', () => {
    expect(parseAddresses('"a, b" <x@y.z>, c@d.e')).toEqual([{ name: 'a, b', address: 'x@y.z' }, { name: 'c@d.e', address: 'c@d.e' }]);
  });
});
