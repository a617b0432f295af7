-- Identity, tenancy, settings and the Module Federation remote registry.
-- One PostgreSQL dialect for PGlite and PostgreSQL (13+: gen_random_uuid() is built in).

create table organisations (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  kind text not null check (kind in ('PROVIDER', 'PARTNER', 'DIRECTPARTNER', 'CUSTOMER', 'DIRECTCUSTOMER')),
  parent_id uuid references organisations (id),
  -- Materialised path '/<root id>/.../<own id>/' so a subtree is one prefix match.
  path text not null unique,
  region text,
  demo boolean not null default false,
  created_at timestamptz not null default now(),
  check ((kind = 'PROVIDER') = (parent_id is null))
);
create index organisations_parent_idx on organisations (parent_id);
create index organisations_path_idx on organisations (path text_pattern_ops);

create table users (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id),
  username text not null,
  email text not null,
  password_hash text not null,
  first_name text not null,
  last_name text not null,
  role text not null check (role in ('ADMIN', 'PARTNER', 'DIRECTPARTNER', 'CUSTOMER', 'DIRECTCUSTOMER')),
  mfa_enabled boolean not null default false,
  profile_image_url text,
  demo boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index users_username_ci_idx on users (lower(username));
create unique index users_email_ci_idx on users (lower(email));
create index users_organisation_idx on users (organisation_id);

create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  -- Set for users with MFA until the second factor is verified; such sessions open no protected route.
  mfa_pending boolean not null default false,
  ip text,
  user_agent text
);
create index sessions_user_idx on sessions (user_id);

create table remote_releases (
  name text not null,
  version text not null,
  entry text not null,
  integrity text not null,
  built_at timestamptz,
  git_commit text,
  published_at timestamptz not null default now(),
  primary key (name, version)
);

create table remote_pointers (
  name text primary key,
  version text not null,
  updated_at timestamptz not null default now(),
  foreign key (name, version) references remote_releases (name, version)
);

create table remote_pointer_history (
  id bigserial primary key,
  name text not null,
  from_version text,
  to_version text not null,
  at timestamptz not null default now(),
  actor text not null
);
create index remote_pointer_history_name_idx on remote_pointer_history (name, at);

create table settings (
  key text primary key,
  value jsonb not null
);
