-- Usage feed and monthly usage reports (issue 22). The counting rules are in infra/api/README.md
-- ("Usage feed"); these tables only keep what the daily pass and the monthly pass computed.

-- Whether the directory lists a licence for a protected user (null: not read, as for objects a set
-- names itself). An unlicensed mailbox is a shared mailbox for the usage feed.
alter table backup_objects add column licensed boolean;

-- Who receives a customer's monthly usage report (on by default, like alert mail).
alter table notification_settings add column usage_reports boolean not null default true;

-- One row per customer organisation and UTC day; a later pass of the same day replaces it, so the
-- day's figures are those of its last pass.
create table usage_daily (
  organisation_id uuid not null references organisations (id) on delete cascade,
  day date not null,
  licensed_mailboxes integer not null,
  shared_mailboxes integer not null,
  onedrive_accounts integer not null,
  sites integer not null,
  seats integer not null,
  items bigint not null,
  protected_bytes bigint not null,
  stored_bytes bigint not null,
  computed_at timestamptz not null default now(),
  primary key (organisation_id, day)
);
create index usage_daily_day_idx on usage_daily (day);

-- One report per customer organisation and month, made once from that month's daily rows; the
-- unique key is what keeps a re-run (or a second API process) from making or mailing another.
create table usage_reports (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id) on delete cascade,
  -- The first day of the month the report covers.
  month date not null check (extract(day from month) = 1),
  csv text not null,
  pdf bytea not null,
  -- The month's peak seats, for the report list without opening the files.
  peak_seats integer not null,
  days integer not null,
  created_at timestamptz not null default now(),
  -- Set when the pass that mails it claims it, so no later pass mails it again.
  mailed_at timestamptz,
  unique (organisation_id, month)
);
