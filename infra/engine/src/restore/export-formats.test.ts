import { contactToVcf, eventToIcs, safeSegment } from './export-formats';
import { canonicalJson } from '../backup/canonical-json';
import { openSecret, sealSecret, newWrappedDataKey, unwrapDataKey } from '../crypto/keys';

describe('download formats', () => {
  it('writes an event as iCalendar with escaped text and UTC times', () => {
    const ics = eventToIcs({
      id: 'AAMk1',
      subject: 'Budget; Q3, review',
      start: { dateTime: '2026-03-01T09:00:00.0000000', timeZone: 'UTC' },
      end: { dateTime: '2026-03-01T10:00:00.0000000', timeZone: 'UTC' },
      attendees: [{ emailAddress: { address: 'a@x.example', name: 'A' } }],
    });
    expect(ics).toContain('BEGIN:VEVENT\r\n');
    expect(ics).toContain('SUMMARY:Budget\\; Q3\\, review\r\n');
    expect(ics).toContain('DTSTART:20260301T090000Z\r\n');
    expect(ics).toContain('ATTENDEE;CN=A:mailto:a@x.example\r\n');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('writes a contact as vCard 3.0', () => {
    const vcf = contactToVcf({ id: '1', displayName: 'Ada Lovelace', givenName: 'Ada', surname: 'Lovelace', emailAddresses: [{ address: 'ada@x.example' }], mobilePhone: '+44 1' });
    expect(vcf).toBe('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEMAIL;TYPE=INTERNET:ada@x.example\r\nTEL;TYPE=CELL:+44 1\r\nEND:VCARD\r\n');
  });

  it('keeps ZIP path segments inside their folder', () => {
    expect(safeSegment('../../etc/passwd')).toBe('__.._etc_passwd');
    expect(safeSegment('a/b\\c:d')).toBe('a_b_c_d');
    expect(safeSegment('   ')).toBe('item');
  });
});

describe('canonical JSON and keys', () => {
  it('gives the same bytes whatever the key order, without OData annotations', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 }, '@odata.etag': 'x' })).toBe(canonicalJson({ a: { c: 3, d: 2 }, b: 1 }));
  });

  it('opens a sealed secret only with the same master key and row', () => {
    const sealed = sealSecret('master-one-0123456789abcdefghij', 'backup-tenant:1', 's3cret');
    expect(sealed).not.toContain('s3cret');
    expect(openSecret('master-one-0123456789abcdefghij', 'backup-tenant:1', sealed)).toBe('s3cret');
    expect(() => openSecret('master-one-0123456789abcdefghij', 'backup-tenant:2', sealed)).toThrow();
    expect(() => openSecret('master-two-0123456789abcdefghij', 'backup-tenant:1', sealed)).toThrow();
    const wrapped = newWrappedDataKey('master-one-0123456789abcdefghij', 't1');
    expect(unwrapDataKey('master-one-0123456789abcdefghij', 't1', wrapped)).toHaveLength(32);
    expect(() => unwrapDataKey('master-one-0123456789abcdefghij', 't2', wrapped)).toThrow();
  });
});
