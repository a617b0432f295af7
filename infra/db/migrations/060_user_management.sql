-- User management (issue 10): suspension of organisations and users, invitations, and the
-- append-only audit log with its hash chain.

alter table organisations add column suspended_at timestamptz;

alter table users
  add column suspended_at timestamptz,
  -- Set when the account was created by an invitation; the invitee sets a password with the code.
  add column invited_at timestamptz;

-- Invitations: single-use codes valid 72 hours, accepted with a new password (api/invitations/accept).
alter table one_time_codes drop constraint if exists one_time_codes_purpose_check;
alter table one_time_codes add constraint one_time_codes_purpose_check check (purpose in ('mfa', 'reset', 'invite'));

create table audit_log (
  seq bigserial primary key,
  at timestamptz not null default now(),
  -- Path of the organisation the event belongs to, so a subtree sees its events with one prefix match.
  organisation_path text not null,
  actor_id uuid,
  actor_name text,
  action text not null,
  target text,
  ip text,
  detail jsonb not null default '{}'::jsonb,
  prev_hash text not null,
  hash text not null unique
);
create index audit_log_path_idx on audit_log (organisation_path text_pattern_ops, seq desc);
create index audit_log_at_idx on audit_log (at desc);
