-- Backup engine (issue 8): connected M365 tenants, backup sets, protected objects, the item catalog
-- as versions, snapshots, the blob index, delta checkpoints, jobs and their logs, snapshot mappings.
-- Every row hangs off the customer organisation that owns it, so every query can be scoped by it.

create table backup_tenants (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id) on delete cascade,
  name text not null,
  tenant_id text not null,
  client_id text not null,
  -- Client secret sealed with the backup master key (AES-256-GCM, bound to this row's id).
  secret_sealed text not null,
  graph_base_url text not null,
  authority_url text,
  -- The tenant's data key, wrapped by the master key: blobs are encrypted with it.
  data_key_wrapped text not null,
  organization_name text,
  status text not null default 'untested' check (status in ('connected', 'error', 'untested')),
  last_tested_at timestamptz,
  last_error text,
  demo boolean not null default false,
  created_at timestamptz not null default now()
);
create index backup_tenants_org_idx on backup_tenants (organisation_id);

create table backup_sets (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id) on delete cascade,
  tenant_id uuid not null references backup_tenants (id),
  name text not null,
  type text not null check (type in ('m365', 'exchange', 'onedrive', 'sharepoint', 'teams')),
  scope jsonb not null,
  services jsonb not null,
  schedule jsonb not null,
  retention_days integer not null check (retention_days between 1 and 3650),
  status text not null default 'active' check (status in ('active', 'paused')),
  -- Each backup run takes the next number; item versions and snapshots refer to it.
  run_seq integer not null default 0,
  next_run_at timestamptz,
  last_run_at timestamptz,
  last_run_status text,
  last_job_id uuid,
  demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index backup_sets_org_idx on backup_sets (organisation_id);
create index backup_sets_due_idx on backup_sets (next_run_at) where status = 'active';

create table backup_objects (
  id uuid primary key default gen_random_uuid(),
  set_id uuid not null references backup_sets (id) on delete cascade,
  kind text not null check (kind in ('user', 'site', 'group', 'team')),
  external_id text not null,
  display_name text not null,
  detail text,
  status text not null default 'pending' check (status in ('pending', 'ok', 'warning', 'failed')),
  last_error text,
  last_backup_at timestamptz,
  -- Still in scope; objects dropped from the scope keep their data until retention removes it.
  active boolean not null default true,
  unique (set_id, kind, external_id)
);

-- Item metadata as versions: a version is visible in run r when valid_from_run <= r and
-- (valid_to_run is null or valid_to_run > r). A snapshot is that view; unchanged items are not copied.
create table backup_item_versions (
  id uuid primary key default gen_random_uuid(),
  set_id uuid not null references backup_sets (id) on delete cascade,
  object_id uuid not null references backup_objects (id) on delete cascade,
  service text not null,
  kind text not null,
  external_id text not null,
  -- Where it lived: the mail folder id or drive id, and the readable folder path.
  container_id text not null,
  folder_path text not null,
  name text not null,
  sender text,
  recipients text[] not null default '{}',
  size_bytes bigint not null,
  has_attachments boolean not null default false,
  modified_at timestamptz,
  content_type text not null,
  -- SHA-256 of the stored content (the blob's address in the tenant's blob store).
  blob_hash text,
  -- Graph's changeKey / cTag: an unchanged value means the item needs no new version.
  change_tag text,
  valid_from_run integer not null,
  valid_to_run integer,
  -- Full-text terms of name, sender, recipients and folder path; written with the row (see the
  -- engine's writeVersions) because array_to_string is not immutable enough for a generated column.
  search tsvector not null
);
create unique index backup_item_current_idx on backup_item_versions (object_id, service, external_id) where valid_to_run is null;
create index backup_item_object_run_idx on backup_item_versions (object_id, valid_from_run);
-- Matches the default search order, so a broad search reads its first page straight from the index.
create index backup_item_set_modified_idx on backup_item_versions (set_id, modified_at desc nulls last, id);
create index backup_item_search_idx on backup_item_versions using gin (search);
create index backup_item_blob_idx on backup_item_versions (blob_hash);

create table backup_blobs (
  tenant_id uuid not null references backup_tenants (id) on delete cascade,
  hash text not null,
  size bigint not null,
  stored_size bigint not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, hash)
);

create table backup_jobs (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id) on delete cascade,
  set_id uuid references backup_sets (id) on delete set null,
  type text not null check (type in ('backup', 'restore')),
  status text not null default 'queued' check (status in ('queued', 'running', 'succeeded', 'warning', 'failed', 'cancelled')),
  title text not null,
  payload jsonb not null default '{}',
  -- The run number a backup job writes; fixed at first start so a resumed job continues the same run.
  run_seq integer,
  objects_done integer not null default 0,
  objects_total integer,
  items_done bigint not null default 0,
  items_total bigint,
  bytes_done bigint not null default 0,
  failed_objects integer not null default 0,
  verified_count integer,
  download_ready boolean not null default false,
  cancel_requested boolean not null default false,
  error_message text,
  retry_of uuid,
  worker_id text,
  heartbeat_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  started_at timestamptz,
  finished_at timestamptz
);
create index backup_jobs_org_idx on backup_jobs (organisation_id, created_at desc);
create index backup_jobs_queued_idx on backup_jobs (created_at) where status = 'queued';
create unique index backup_jobs_one_active_backup_idx on backup_jobs (set_id) where type = 'backup' and status in ('queued', 'running');

create table backup_job_logs (
  seq bigserial primary key,
  job_id uuid not null references backup_jobs (id) on delete cascade,
  at timestamptz not null default clock_timestamp(),
  level text not null check (level in ('info', 'warn', 'error')),
  message text not null
);
create index backup_job_logs_job_idx on backup_job_logs (job_id, seq);

create table backup_snapshots (
  id uuid primary key default gen_random_uuid(),
  set_id uuid not null references backup_sets (id) on delete cascade,
  object_id uuid not null references backup_objects (id) on delete cascade,
  job_id uuid not null,
  run_seq integer not null,
  taken_at timestamptz not null default clock_timestamp(),
  status text not null check (status in ('ok', 'warning', 'failed')),
  error_message text,
  item_count integer not null default 0,
  size_bytes bigint not null default 0,
  added_count integer not null default 0,
  changed_count integer not null default 0,
  removed_count integer not null default 0,
  unique (object_id, run_seq)
);

-- Delta links per object and stream (a mail folder, a drive, ...): stored after every page, so a
-- killed run resumes at the page it stopped instead of starting over.
create table backup_checkpoints (
  object_id uuid not null references backup_objects (id) on delete cascade,
  stream text not null,
  link text,
  -- The run that wrote `link`; a link from an unfinished run is a nextLink mid-round.
  run_seq integer not null,
  round_complete boolean not null default false,
  updated_at timestamptz not null default clock_timestamp(),
  primary key (object_id, stream)
);

create table backup_mappings (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id) on delete cascade,
  name text not null,
  source_set_id uuid not null references backup_sets (id) on delete cascade,
  target_tenant_id uuid not null references backup_tenants (id) on delete cascade,
  pairs jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index backup_mappings_org_idx on backup_mappings (organisation_id);
