-- Remote deploy/rollback audit, failures reported by browsers, and the operators' alerts.

create table remote_operations (
  id bigserial primary key,
  at timestamptz not null default now(),
  -- Who: a user for API calls, or 'cli:<os user>' when the CLI wrote to the database directly.
  actor text not null,
  actor_user_id uuid,
  action text not null check (action in ('publish', 'rollback')),
  remote_name text not null,
  version text not null,
  from_version text,
  ip text,
  detail jsonb not null default '{}'::jsonb
);
create index remote_operations_name_idx on remote_operations (remote_name, at);

create table remote_failures (
  id bigserial primary key,
  at timestamptz not null default now(),
  remote_name text not null,
  version text not null,
  kind text not null,
  message text not null,
  user_id uuid,
  ip text,
  user_agent text
);
create index remote_failures_name_idx on remote_failures (remote_name, version, at);

create table alerts (
  id bigserial primary key,
  severity text not null check (severity in ('info', 'warning', 'error', 'critical')),
  source text not null,
  message text not null,
  created_at timestamptz not null default now(),
  acknowledged boolean not null default false,
  acknowledged_at timestamptz,
  acknowledged_by uuid
);
create index alerts_open_idx on alerts (acknowledged, created_at);
