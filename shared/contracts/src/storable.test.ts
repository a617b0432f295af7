import { auditListQuerySchema, raiseTicketFormSchema, signinRequestSchema, STORABLE_MESSAGES, storableString, calendarDate, isoDateTime, toStorableText, isCalendarDate, ticketListQuerySchema } from './index';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('storable text', () => {
  it.each(['\u0000', 'a\u0000b', '\uD800abc', 'abc\uDFFF', '\uDC00\uD800'])('refuses %j with the one message', (value) => {
    expect(messages(storableString().max(10, 'must be at most 10 characters').safeParse(value))).toEqual([STORABLE_MESSAGES.invalidCharacters]);
  });

  it('accepts well-formed text, emoji (a surrogate pair) included', () => {
    expect(storableString().safeParse('Hello \u{1F600} Zürich').success).toBe(true);
  });

  it('maps to the value the database stores and leaves well-formed text alone', () => {
    expect(toStorableText('a\u0000b\uD800c\u{1F600}')).toBe('a\uFFFDb\uFFFDc\u{1F600}');
    expect(toStorableText('plain ✓ \u{1F600}')).toBe('plain ✓ \u{1F600}');
  });

  it('is what the real schemas use: a sign-in name and a ticket subject', () => {
    expect(signinRequestSchema.safeParse({ username: '\uD800abc', password: 'x' }).success).toBe(false);
    expect(signinRequestSchema.safeParse({ username: 'admin', password: 'pass\u0000word' }).success).toBe(false);
    expect(messages(raiseTicketFormSchema.safeParse({ subject: 'Help\u0000', description: 'ok' }))).toEqual([STORABLE_MESSAGES.invalidCharacters]);
  });
});

describe('dates', () => {
  it.each(['2026-13-45', '2026-02-30', '2025-02-29', '0000-01-01', '10000-01-01', '+275760-09-13', '2026-1-1', ' 2026-01-01'])('refuses the day %j', (value) => {
    expect(isCalendarDate(value)).toBe(false);
    expect(messages(calendarDate().safeParse(value))).toEqual([STORABLE_MESSAGES.invalidDate]);
  });

  it.each(['2024-02-29', '0001-01-01', '0099-12-31', '9999-12-31'])('accepts the day %j', (value) => {
    expect(calendarDate().safeParse(value).success).toBe(true);
  });

  it.each(['2026-13-45T00:00:00Z', '2026-02-30T00:00:00Z', '+275760-09-13T00:00:00Z', '0000-01-01T00:00:00Z', '10000-01-01T00:00:00Z', '2026-01-01T25:00:00Z', '2026-01-01'])('refuses the date-time %j', (value) => {
    expect(messages(isoDateTime().safeParse(value))).toEqual([STORABLE_MESSAGES.invalidDate]);
  });

  it.each(['2026-01-01T00:00:00Z', '2024-02-29T23:59:59.999+01:00', '9999-12-31T23:59:59Z'])('accepts the date-time %j', (value) => {
    expect(isoDateTime().safeParse(value).success).toBe(true);
  });

  it('is what the real query schemas use: the audit log range and the ticket list range', () => {
    expect(auditListQuerySchema.safeParse({ from: '+275760-09-13T00:00:00Z' }).success).toBe(false);
    expect(auditListQuerySchema.safeParse({ to: '2026-02-30T00:00:00Z' }).success).toBe(false);
    expect(messages(ticketListQuerySchema.safeParse({ from: '2026-02-30' }))).toEqual(['from must be a date (YYYY-MM-DD)']);
    expect(ticketListQuerySchema.safeParse({ q: 'a\u0000' }).success).toBe(false);
  });
});
