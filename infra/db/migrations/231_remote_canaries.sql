-- Canary releases (issue 23): a version served to a share of sessions while the current one keeps
-- the rest, until an operator (or promote_at) promotes it or its failures roll it back.
create table remote_canaries (
  id bigserial primary key,
  name text not null,
  version text not null,
  -- The version everyone else kept while the canary ran (the pointer, which a canary never moves).
  stable_version text,
  percent integer not null check (percent between 1 and 100),
  state text not null default 'running' check (state in ('running', 'promoted', 'rolled_back', 'replaced')),
  started_at timestamptz not null default now(),
  started_by text not null,
  promote_at timestamptz,
  ended_at timestamptz,
  ended_by text,
  reason text,
  foreign key (name, version) references remote_releases (name, version)
);
create unique index remote_canaries_one_running on remote_canaries (name) where state = 'running';
create index remote_canaries_name_idx on remote_canaries (name, id);

alter table remote_operations drop constraint remote_operations_action_check;
alter table remote_operations add constraint remote_operations_action_check
  check (action in ('publish', 'rollback', 'canary', 'promote', 'canary-rollback'));
