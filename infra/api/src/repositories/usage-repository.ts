import type { UsageFigures } from '@portal/contracts';
import type { Queryable } from '@portal/db';

// The usage feed's SQL: figures counted from the backup catalog (the rules are in infra/api/README.md,
// "Usage feed"), the daily rows and the monthly reports.

const num = (value: string | number | null | undefined): number => Number(value ?? 0);

export interface CustomerOrganisation {
  id: string;
  name: string;
  path: string;
}

/** Customer organisations at or below `path` (the caller's subtree), by name; all of them without a path. */
export async function listCustomerOrganisations(db: Queryable, path: string | null): Promise<CustomerOrganisation[]> {
  const { rows } = await db.query<CustomerOrganisation>(
    `select id::text as id, name, path from organisations
      where kind in ('CUSTOMER', 'DIRECTCUSTOMER') and ($1::text is null or starts_with(path, $1::text))
      order by name, id`,
    [path],
  );
  return rows;
}

/**
 * One organisation's figures as the catalog holds them now. A user is counted once per organisation
 * (by its directory id) however many sets protect it; a set protects its mailbox when it backs up
 * mail, calendar or contacts, its OneDrive when it backs up onedrive.
 */
export async function countUsage(db: Queryable, organisationId: string): Promise<UsageFigures> {
  const { rows: users } = await db.query<{ licensed_mailboxes: string; shared_mailboxes: string; onedrive_accounts: string }>(
    `with protected_users as (
       select bo.external_id,
              bool_or(s.services ?| array['mail', 'calendar', 'contacts']) as mailbox,
              bool_or(s.services ? 'onedrive') as onedrive,
              -- Unknown (never read from the directory) counts as licensed.
              coalesce(bool_or(bo.licensed), true) as licensed
         from backup_objects bo join backup_sets s on s.id = bo.set_id
        where s.organisation_id = $1 and bo.kind = 'user' and bo.active
        group by bo.external_id)
     select count(*) filter (where mailbox and licensed) as licensed_mailboxes,
            count(*) filter (where mailbox and not licensed) as shared_mailboxes,
            count(*) filter (where onedrive) as onedrive_accounts
       from protected_users`,
    [organisationId],
  );
  const { rows: sites } = await db.query<{ n: string }>(
    `select count(distinct bo.external_id) as n
       from backup_objects bo join backup_sets s on s.id = bo.set_id
      where s.organisation_id = $1 and bo.kind = 'site' and bo.active and s.services ? 'sharepoint'`,
    [organisationId],
  );
  // Folders are containers, not items, as in the snapshots' own counts.
  const { rows: items } = await db.query<{ n: string; bytes: string | null }>(
    `select count(*) as n, sum(v.size_bytes) as bytes
       from backup_item_versions v join backup_sets s on s.id = v.set_id
      where s.organisation_id = $1 and v.valid_to_run is null and v.kind <> 'folder'`,
    [organisationId],
  );
  const { rows: seats } = await db.query<{ n: string }>('select count(*) as n from protected_seats where organisation_id = $1', [organisationId]);
  const { rows: stored } = await db.query<{ bytes: string | null }>(
    `select sum(b.stored_size) as bytes from backup_blobs b join backup_tenants t on t.id = b.tenant_id where t.organisation_id = $1`,
    [organisationId],
  );
  const u = users[0];
  const siteCount = num(sites[0]?.n);
  return {
    licensedMailboxes: num(u?.licensed_mailboxes),
    sharedMailboxes: num(u?.shared_mailboxes),
    oneDriveAccounts: num(u?.onedrive_accounts),
    sites: siteCount,
    seats: num(seats[0]?.n),
    items: num(items[0]?.n),
    protectedBytes: num(items[0]?.bytes),
    storedBytes: num(stored[0]?.bytes),
  };
}

/** Writes (or replaces) an organisation's row of a day. */
export async function upsertUsageDay(db: Queryable, organisationId: string, day: string, f: UsageFigures): Promise<void> {
  await db.query(
    `insert into usage_daily (organisation_id, day, licensed_mailboxes, shared_mailboxes, onedrive_accounts, sites, seats, items, protected_bytes, stored_bytes)
     values ($1, $2::date, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (organisation_id, day) do update set
       licensed_mailboxes = excluded.licensed_mailboxes, shared_mailboxes = excluded.shared_mailboxes,
       onedrive_accounts = excluded.onedrive_accounts, sites = excluded.sites, seats = excluded.seats, items = excluded.items,
       protected_bytes = excluded.protected_bytes, stored_bytes = excluded.stored_bytes, computed_at = now()`,
    [organisationId, day, f.licensedMailboxes, f.sharedMailboxes, f.oneDriveAccounts, f.sites, f.seats, f.items, f.protectedBytes, f.storedBytes],
  );
}

export interface UsageDayRow extends UsageFigures {
  day: string;
  organisationId: string;
  organisationName: string;
}

/** The daily rows of these organisations from `from` to `to` (UTC days, both included), by day then name. */
export async function listUsageDays(db: Queryable, organisationIds: string[], from: string, to: string): Promise<UsageDayRow[]> {
  if (organisationIds.length === 0) return [];
  const { rows } = await db.query<Record<string, string>>(
    `select to_char(d.day, 'YYYY-MM-DD') as day, d.organisation_id::text as organisation_id, o.name,
            d.licensed_mailboxes, d.shared_mailboxes, d.onedrive_accounts, d.sites, d.seats, d.items, d.protected_bytes, d.stored_bytes
       from usage_daily d join organisations o on o.id = d.organisation_id
      where d.organisation_id = any($1::uuid[]) and d.day between $2::date and $3::date
      order by d.day, o.name, o.id`,
    [organisationIds, from, to],
  );
  return rows.map((r) => ({
    day: r.day,
    organisationId: r.organisation_id,
    organisationName: r.name,
    licensedMailboxes: num(r.licensed_mailboxes),
    sharedMailboxes: num(r.shared_mailboxes),
    oneDriveAccounts: num(r.onedrive_accounts),
    sites: num(r.sites),
    seats: num(r.seats),
    items: num(r.items),
    protectedBytes: num(r.protected_bytes),
    storedBytes: num(r.stored_bytes),
  }));
}
