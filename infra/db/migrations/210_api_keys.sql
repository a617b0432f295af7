-- Public API keys (issue 22). A key belongs to an organisation and acts as its users do; the secret is
-- stored only as an HMAC under a key derived from the server secret (a fast keyed hash is enough for
-- 256 random bits, and keeps every call cheap). The public id is the short, non-secret part of the key
-- that the list shows and that a call is looked up by.
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id) on delete cascade,
  -- The key answers for its creator's organisation; it goes with the creator's account.
  created_by uuid not null references users (id) on delete cascade,
  name text not null,
  public_id text not null unique,
  secret_hash text not null,
  access text not null check (access in ('full', 'read-only')),
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  revoked_at timestamptz,
  revoked_by uuid references users (id) on delete set null,
  last_used_at timestamptz,
  last_used_ip text,
  -- The per-key rate limit's fixed window, counted in the same update that records the use, so every
  -- API process shares it through the database.
  window_started_at timestamptz,
  window_count integer not null default 0
);
create index api_keys_organisation_idx on api_keys (organisation_id, created_at desc);
