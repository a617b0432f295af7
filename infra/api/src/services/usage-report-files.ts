import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { UsageFigures } from '@portal/contracts';
import type { UsageDayRow } from '../repositories/usage-repository';

// The two files of a monthly usage report, made from the month's daily rows: CSV for a PSA or a
// spreadsheet, PDF for people. Both carry the same figures.

const CSV_COLUMNS = ['day', 'customer', 'licensed_mailboxes', 'shared_mailboxes', 'onedrive_accounts', 'sites', 'seats', 'items', 'protected_bytes', 'stored_bytes'];

const csvCell = (value: string | number): string => {
  const text = String(value);
  // A leading =, +, - or @ would run as a formula when the file is opened in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** One line per day, bytes as whole numbers (a PSA sums them; a person reads the PDF). */
export function usageReportCsv(rows: UsageDayRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push(
      [r.day, r.organisationName, r.licensedMailboxes, r.sharedMailboxes, r.oneDriveAccounts, r.sites, r.seats, r.items, r.protectedBytes, r.storedBytes].map(csvCell).join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export interface UsageSummary {
  days: number;
  /** Highest daily value of each figure over the month. */
  peak: UsageFigures;
  /** The month's last day with figures. */
  last: UsageFigures;
}

const FIGURES: (keyof UsageFigures)[] = ['licensedMailboxes', 'sharedMailboxes', 'oneDriveAccounts', 'sites', 'seats', 'items', 'protectedBytes', 'storedBytes'];

export function summarise(rows: UsageDayRow[]): UsageSummary {
  const peak = Object.fromEntries(FIGURES.map((f) => [f, Math.max(0, ...rows.map((r) => r[f]))])) as unknown as UsageFigures;
  const lastRow = rows[rows.length - 1];
  const last = Object.fromEntries(FIGURES.map((f) => [f, lastRow ? lastRow[f] : 0])) as unknown as UsageFigures;
  return { days: rows.length, peak, last };
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
/** Bytes in binary units with one decimal, as the portal's size formatter shows them. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

export const monthLabel = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The standard fonts encode WinAnsi only: any other character (a name in another script) prints as '?'. */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((ch) => (known.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const TABLE_COLUMNS: { title: string; width: number; value: (r: UsageDayRow) => string }[] = [
  { title: 'Day', width: 70, value: (r) => r.day },
  { title: 'Licensed', width: 52, value: (r) => String(r.licensedMailboxes) },
  { title: 'Shared', width: 46, value: (r) => String(r.sharedMailboxes) },
  { title: 'OneDrive', width: 52, value: (r) => String(r.oneDriveAccounts) },
  { title: 'Sites', width: 38, value: (r) => String(r.sites) },
  { title: 'Seats', width: 40, value: (r) => String(r.seats) },
  { title: 'Items', width: 62, value: (r) => String(r.items) },
  { title: 'Protected', width: 70, value: (r) => formatBytes(r.protectedBytes) },
  { title: 'Stored', width: 70, value: (r) => formatBytes(r.storedBytes) },
];

/** A4 pages: title, the month's summary, then one table line per day (continued on new pages). */
export async function usageReportPdf(input: { organisationName: string; month: string; rows: UsageDayRow[] }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const title = `Usage report: ${input.organisationName}, ${monthLabel(input.month)}`;
  doc.setTitle(printable(font, title));
  doc.setCreationDate(new Date(`${input.month}-01T00:00:00Z`));

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (value: string, x: number, size = 9, face: PDFFont = font) => page.drawText(printable(face, value), { x, y, size, font: face, color: rgb(0.1, 0.1, 0.1) });
  const line = (gap: number) => {
    y -= gap;
    if (y < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };

  text(title, MARGIN, 16, bold);
  line(28);
  const { days, peak, last } = summarise(input.rows);
  const summary: [string, string][] = [
    ['Days with figures', String(days)],
    ['Peak seats', String(peak.seats)],
    ['Peak licensed mailboxes', String(peak.licensedMailboxes)],
    ['Peak shared mailboxes', String(peak.sharedMailboxes)],
    ['Peak OneDrive accounts', String(peak.oneDriveAccounts)],
    ['Peak sites', String(peak.sites)],
    ['Items at month end', String(last.items)],
    ['Protected data at month end', formatBytes(last.protectedBytes)],
    ['Stored at month end', formatBytes(last.storedBytes)],
  ];
  for (const [label, value] of summary) {
    text(label, MARGIN, 10);
    text(value, MARGIN + 180, 10, bold);
    line(15);
  }
  line(12);
  const header = () => {
    let x = MARGIN;
    for (const c of TABLE_COLUMNS) {
      text(c.title, x, 8, bold);
      x += c.width;
    }
    line(13);
  };
  header();
  for (const r of input.rows) {
    let x = MARGIN;
    for (const c of TABLE_COLUMNS) {
      text(c.value(r), x, 8);
      x += c.width;
    }
    line(12);
  }
  return Buffer.from(await doc.save());
}
