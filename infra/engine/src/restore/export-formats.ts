import type { GraphContact, GraphEvent } from '@portal/graph-connector';

// Download formats: mail is already RFC 822 (EML); events become iCalendar, contacts vCard 3.0.

const icsEscape = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

function icsDate(dateTime: string, timeZone?: string): string {
  const iso = /Z$|[+-]\d\d:\d\d$/.test(dateTime) || !timeZone || timeZone === 'UTC' ? new Date(dateTime.endsWith('Z') ? dateTime : `${dateTime}Z`) : new Date(dateTime);
  return iso.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** RFC 5545 lines folded at 75 octets. */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut -= 1;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

export function eventToIcs(event: GraphEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Portal Backup//Restore//EN',
    'BEGIN:VEVENT',
    `UID:${icsEscape(event.id)}`,
    `DTSTAMP:${icsDate(event.lastModifiedDateTime ?? event.start.dateTime)}`,
    `DTSTART:${icsDate(event.start.dateTime, event.start.timeZone)}`,
    `DTEND:${icsDate(event.end.dateTime, event.end.timeZone)}`,
    `SUMMARY:${icsEscape(event.subject ?? '')}`,
  ];
  if (event.location?.displayName) lines.push(`LOCATION:${icsEscape(event.location.displayName)}`);
  if (event.body?.content) lines.push(`DESCRIPTION:${icsEscape(event.body.contentType === 'html' ? event.body.content.replace(/<[^>]*>/g, '') : event.body.content)}`);
  if (event.organizer?.emailAddress?.address) lines.push(`ORGANIZER:mailto:${event.organizer.emailAddress.address}`);
  for (const attendee of event.attendees ?? []) lines.push(`ATTENDEE;CN=${icsEscape(attendee.emailAddress.name ?? attendee.emailAddress.address)}:mailto:${attendee.emailAddress.address}`);
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

const vcfEscape = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

export function contactToVcf(contact: GraphContact): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `FN:${vcfEscape(contact.displayName ?? [contact.givenName, contact.surname].filter(Boolean).join(' '))}`,
    `N:${vcfEscape(contact.surname ?? '')};${vcfEscape(contact.givenName ?? '')};;;`,
  ];
  for (const email of contact.emailAddresses ?? []) lines.push(`EMAIL;TYPE=INTERNET:${email.address}`);
  for (const phone of contact.businessPhones ?? []) lines.push(`TEL;TYPE=WORK:${phone}`);
  if (contact.mobilePhone) lines.push(`TEL;TYPE=CELL:${contact.mobilePhone}`);
  if (contact.companyName) lines.push(`ORG:${vcfEscape(contact.companyName)}`);
  if (contact.jobTitle) lines.push(`TITLE:${vcfEscape(contact.jobTitle)}`);
  lines.push('END:VCARD');
  return `${lines.join('\r\n')}\r\n`;
}

/** A name safe as one ZIP path segment. */
export function safeSegment(name: string, fallback = 'item'): string {
  const cleaned = name.replace(/[\\/:*?"<>|\x00-\x1f]/g, '_').replace(/^\.+/, '_').trim().slice(0, 120);
  return cleaned || fallback;
}
