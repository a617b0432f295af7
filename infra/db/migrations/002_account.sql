-- Account area: data-residency regions, MFA, one-time codes, failed sign-ins and the e-mail outbox.

create table regions (
  id text primary key,
  name text not null,
  sort_order integer not null
);
-- Where a tenant's backups are stored. Names say the country/metro so customers can judge residency.
insert into regions (id, name, sort_order) values
  ('eu-west', 'Europe (Ireland)', 10),
  ('eu-central', 'Europe (Germany)', 20),
  ('eu-north', 'Europe (Sweden)', 30),
  ('eu-south', 'Europe (Italy)', 40),
  ('fr-central', 'France (Paris)', 50),
  ('nl-west', 'Netherlands (Amsterdam)', 60),
  ('ch-north', 'Switzerland (Zurich)', 70),
  ('no-east', 'Norway (Oslo)', 80),
  ('uk-south', 'United Kingdom (London)', 90),
  ('us-east', 'United States (Virginia)', 100),
  ('us-central', 'United States (Iowa)', 110),
  ('us-west', 'United States (Oregon)', 120),
  ('ca-central', 'Canada (Montreal)', 130),
  ('br-south', 'Brazil (São Paulo)', 140),
  ('au-east', 'Australia (Sydney)', 150),
  ('nz-north', 'New Zealand (Auckland)', 160),
  ('ap-southeast', 'Asia Pacific (Singapore)', 170),
  ('jp-east', 'Japan (Tokyo)', 180),
  ('kr-central', 'South Korea (Seoul)', 190),
  ('in-central', 'India (Pune)', 200),
  ('ae-north', 'United Arab Emirates (Dubai)', 210),
  ('za-north', 'South Africa (Johannesburg)', 220);

alter table organisations
  add constraint organisations_region_fk foreign key (region) references regions (id);

-- One source of truth for MFA: the method, or null when MFA is off.
alter table users
  add column mfa_method text check (mfa_method in ('email', 'totp')),
  -- AES-256-GCM ciphertext ("v1:" + base64url(iv | tag | data)) under a key derived from the server secret.
  add column totp_secret_enc text,
  -- Last accepted TOTP time step: a code is never accepted twice.
  add column totp_last_step bigint,
  add column password_changed_at timestamptz;
update users set mfa_method = 'email' where mfa_enabled;
alter table users drop column mfa_enabled;
alter table users add constraint users_totp_secret_chk check (mfa_method is distinct from 'totp' or totp_secret_enc is not null);

-- Wrong TOTP codes are counted on the pending session (there is no code row to void).
alter table sessions add column mfa_attempts integer not null default 0;

create table one_time_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('mfa', 'reset')),
  -- HMAC-SHA-256 under a key derived from the server secret, over a per-code salt and the code.
  code_hash text not null,
  salt text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts integer not null default 0,
  consumed_at timestamptz
);
create index one_time_codes_user_idx on one_time_codes (user_id, purpose, created_at desc);

-- Keyed by the normalised username typed, not the user id, so unknown names are limited the same way.
create table failed_signins (
  id bigserial primary key,
  username_key text not null,
  ip text,
  at timestamptz not null default now()
);
create index failed_signins_key_idx on failed_signins (username_key, at);

create table email_outbox (
  id uuid primary key default gen_random_uuid(),
  "to" text not null,
  "from" text not null,
  reply_to text,
  subject text not null,
  text text not null,
  html text,
  sent_at timestamptz not null default clock_timestamp()
);
create index email_outbox_sent_idx on email_outbox (sent_at desc);
