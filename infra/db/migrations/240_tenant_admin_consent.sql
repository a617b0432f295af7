-- "Connect with Microsoft" (issue 22): the admin consent flow's state values and what consent granted.
-- A state is random and held only as its SHA-256: a copy of this table opens no consent callback.
-- It is bound to the organisation and user that started the flow, and to their browser (binding_hash:
-- the SHA-256 of an HttpOnly cookie set at the start, so a consent link sent to someone else connects
-- nothing), used once, and good for 10 minutes.
create table tenant_consent_states (
  state_hash text primary key,
  binding_hash text not null,
  organisation_id uuid not null references organisations (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index tenant_consent_states_expiry_idx on tenant_consent_states (expires_at);

-- The app roles the tenant's last successful connection test found in its token (null: not known).
alter table backup_tenants add column granted_permissions text[];
-- How the tenant was connected: credentials typed in, or the provider's app after admin consent.
alter table backup_tenants add column connected_via text not null default 'credentials' check (connected_via in ('credentials', 'consent'));
