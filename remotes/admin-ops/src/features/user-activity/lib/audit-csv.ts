import type { AuditEntry } from '@portal/contracts';

const cell = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  // A leading =, +, - or @ would run as a formula when the file is opened in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Same columns as GET admin/audit.csv. */
export function auditCsv(entries: AuditEntry[]): string {
  const lines = ['seq,time,actor,action,target,address,organisation'];
  for (const e of entries) lines.push([e.seq, e.at, e.actorName, e.action, e.target, e.ip, e.organisationName].map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
