import type { UsageReport } from '@portal/contracts';
import type { Queryable } from '@portal/db';

// Monthly usage reports: made once per organisation and month (the unique key), mailed once (mailed_at).

export interface NewUsageReport {
  organisationId: string;
  /** The month's first day, YYYY-MM-01. */
  month: string;
  csv: string;
  pdf: Buffer;
  peakSeats: number;
  days: number;
}

/** Stores a report unless the organisation has one for that month already; true when this call made it. */
export async function insertUsageReport(db: Queryable, report: NewUsageReport): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `insert into usage_reports (organisation_id, month, csv, pdf, peak_seats, days) values ($1, $2::date, $3, $4, $5, $6)
     on conflict (organisation_id, month) do nothing returning id`,
    [report.organisationId, report.month, report.csv, report.pdf, report.peakSeats, report.days],
  );
  return rows.length > 0;
}

/** Which of these organisations already have a report of the month. */
export async function organisationsWithReport(db: Queryable, month: string): Promise<Set<string>> {
  const { rows } = await db.query<{ organisation_id: string }>('select organisation_id::text as organisation_id from usage_reports where month = $1::date', [month]);
  return new Set(rows.map((r) => r.organisation_id));
}

export interface ClaimedReport extends UsageReport {
  organisationPath: string;
}

const REPORT_COLUMNS = `r.id::text as id, r.organisation_id::text as organisation_id, o.name as organisation_name, o.path as organisation_path,
  to_char(r.month, 'YYYY-MM') as month, r.days, r.peak_seats, r.created_at, r.mailed_at`;

type ReportRow = {
  id: string;
  organisation_id: string;
  organisation_name: string;
  organisation_path: string;
  month: string;
  days: number;
  peak_seats: number;
  created_at: Date | string;
  mailed_at: Date | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const toReport = (r: ReportRow): ClaimedReport => ({
  id: r.id,
  organisationId: r.organisation_id,
  organisationName: r.organisation_name,
  organisationPath: r.organisation_path,
  month: r.month,
  days: Number(r.days),
  peakSeats: Number(r.peak_seats),
  createdAt: iso(r.created_at),
  mailedAt: r.mailed_at === null ? null : iso(r.mailed_at),
});

/**
 * Marks the reports nobody mailed yet as mailed and returns them: whoever claims a report mails it,
 * so two passes (or two API processes) never mail the same one. A send that fails after the claim is
 * logged, not retried: a second copy is worse than a missing one, and the report stays downloadable.
 */
export async function claimUnmailedReports(db: Queryable, limit: number): Promise<ClaimedReport[]> {
  const { rows } = await db.query<ReportRow>(
    `with claimed as (
       update usage_reports set mailed_at = now()
        where id in (select id from usage_reports where mailed_at is null order by created_at limit $1 for update skip locked)
        returning *)
     select ${REPORT_COLUMNS} from claimed r join organisations o on o.id = r.organisation_id order by o.name`,
    [limit],
  );
  return rows.map(toReport);
}

/** The reports of these organisations, newest month first, a page at a time. */
export async function listUsageReports(db: Queryable, organisationIds: string[], page: number, pageSize: number): Promise<{ items: UsageReport[]; total: number }> {
  const { rows: counted } = await db.query<{ n: string }>('select count(*) as n from usage_reports where organisation_id = any($1::uuid[])', [organisationIds]);
  const { rows } = await db.query<ReportRow>(
    `select ${REPORT_COLUMNS} from usage_reports r join organisations o on o.id = r.organisation_id
      where r.organisation_id = any($1::uuid[])
      order by r.month desc, o.name, r.id limit $2 offset $3`,
    [organisationIds, pageSize, (page - 1) * pageSize],
  );
  const items = rows.map(toReport).map(({ organisationPath: _path, ...report }) => report);
  return { items, total: Number(counted[0]?.n ?? 0) };
}

/** One report's organisation (for the caller's scope check) and its files. */
export async function findUsageReport(db: Queryable, reportId: string): Promise<{ organisationId: string; organisationName: string; month: string; csv: string; pdf: Buffer } | undefined> {
  const { rows } = await db.query<{ organisation_id: string; name: string; month: string; csv: string; pdf: Uint8Array }>(
    `select r.organisation_id::text as organisation_id, o.name, to_char(r.month, 'YYYY-MM') as month, r.csv, r.pdf
       from usage_reports r join organisations o on o.id = r.organisation_id where r.id = $1`,
    [reportId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const pdf = Buffer.isBuffer(row.pdf) ? row.pdf : Buffer.from(row.pdf.buffer, row.pdf.byteOffset, row.pdf.byteLength);
  return { organisationId: row.organisation_id, organisationName: row.name, month: row.month, csv: row.csv, pdf };
}
