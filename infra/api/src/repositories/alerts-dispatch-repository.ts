import type { AlertLevel } from '@portal/contracts';
import type { Queryable } from '@portal/db';

/** A new alert claimed for mailing, with its organisation (null for platform alerts). */
export interface ClaimedAlert {
  id: string;
  severity: AlertLevel;
  source: string;
  message: string;
  createdAt: Date;
  organisationId: string | null;
  organisationName: string | null;
  organisationPath: string | null;
}

/**
 * Marks up to `limit` un-mailed alerts as mailed and returns them. `skip locked` lets several API
 * processes claim at once without waiting for or doubling each other. Claiming before sending makes
 * delivery at most once: a crash mid-send loses that mail instead of repeating it to everybody.
 */
export async function claimUnnotifiedAlerts(db: Queryable, limit: number): Promise<ClaimedAlert[]> {
  const { rows } = await db.query<{
    id: string;
    severity: AlertLevel;
    source: string;
    message: string;
    created_at: Date;
    organisation_id: string | null;
    organisation_name: string | null;
    organisation_path: string | null;
  }>(
    `with claimed as (
       update alerts set notified_at = now()
        where id in (select id from alerts where notified_at is null order by id limit $1 for update skip locked)
        returning id, severity, source, message, created_at, organisation_id)
     select c.id::text as id, c.severity, c.source, c.message, c.created_at, c.organisation_id::text as organisation_id,
            o.name as organisation_name, o.path as organisation_path
       from claimed c left join organisations o on o.id = c.organisation_id
      order by c.id`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    severity: r.severity,
    source: r.source,
    message: r.message,
    createdAt: new Date(r.created_at),
    organisationId: r.organisation_id,
    organisationName: r.organisation_name,
    organisationPath: r.organisation_path,
  }));
}

export interface AlertRecipientRow {
  userId: string;
  email: string;
  firstName: string;
  organisationId: string;
}

/**
 * Who may hear of an alert: active users of its organisation and of every ancestor (their path is a
 * prefix of the alert's organisation path); for a platform alert (null path) the ADMIN users.
 * Active = not suspended, no suspended organisation above them, no invitation still pending.
 */
export async function findAlertRecipients(db: Queryable, organisationPath: string | null): Promise<AlertRecipientRow[]> {
  const { rows } = await db.query<{ user_id: string; email: string; first_name: string; organisation_id: string }>(
    `select u.id::text as user_id, u.email, u.first_name, u.organisation_id::text as organisation_id
       from users u join organisations o on o.id = u.organisation_id
      where (case when $1::text is null then u.role = 'ADMIN' else starts_with($1::text, o.path) end)
        and u.suspended_at is null
        and not exists (select 1 from organisations a where a.suspended_at is not null and starts_with(o.path, a.path))
        and not (u.invited_at is not null and exists (
              select 1 from one_time_codes c where c.user_id = u.id and c.purpose = 'invite' and c.consumed_at is null and c.expires_at > now()))
      order by length(o.path), u.username`,
    [organisationPath],
  );
  return rows.map((r) => ({ userId: r.user_id, email: r.email, firstName: r.first_name, organisationId: r.organisation_id }));
}
