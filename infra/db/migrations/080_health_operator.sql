-- Health and operator console (issue 10).

-- Browsers report that a remote version loaded (the success side of remote_failures), so the health
-- page can say whether the current version of each remote loads well. One row per report; the host
-- sends at most one per remote, version and tab session, and the API rate-limits the route.
create table remote_loads (
  id bigserial primary key,
  remote_name text not null,
  version text not null,
  ms integer not null check (ms >= 0),
  user_id uuid references users (id) on delete set null,
  at timestamptz not null default clock_timestamp()
);
create index remote_loads_name_idx on remote_loads (remote_name, version, at);

-- Engine worker processes (in-process workers of an API and the worker CLI) say they are alive here
-- every ~15 s and delete their row on a clean stop; a row not seen for 60 s is a stale worker.
-- No foreign keys: the worker CLI writes it with only the engine's own connection.
create table engine_workers (
  id text primary key,
  host text not null,
  pid integer not null,
  queue_kind text not null check (queue_kind in ('embedded', 'pg-boss')),
  started_at timestamptz not null default clock_timestamp(),
  last_seen_at timestamptz not null default clock_timestamp(),
  running_jobs integer not null default 0,
  job_ids text[] not null default '{}'
);
create index engine_workers_seen_idx on engine_workers (last_seen_at);
