-- Account settings (issue 5): editable profile fields, uploaded images, white-label branding per
-- organisation, per-user notification preferences and authenticator-app enrolment.

alter table users
  add column phone text,
  add column time_zone text,
  add column language text,
  -- An authenticator secret shown to the user but not confirmed with a code yet (sealed like totp_secret_enc).
  add column totp_pending_enc text,
  add column totp_pending_at timestamptz;

-- Raster images uploaded through the portal, addressed by the SHA-256 of their bytes: the URL cannot be
-- guessed without the image itself, so it can be served without an Authorization header.
create table stored_images (
  sha256 text primary key check (sha256 ~ '^[0-9a-f]{64}$'),
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea not null,
  size integer not null,
  created_at timestamptz not null default now()
);

-- Step one of the two-step upload; step two (commit) makes the image current.
create table image_uploads (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('profile', 'whitelabel')),
  sha256 text not null references stored_images (sha256),
  created_at timestamptz not null default now(),
  committed_at timestamptz
);
create index image_uploads_user_idx on image_uploads (user_id, purpose, created_at desc);

-- One row per organisation that brands itself; everyone below it without their own row inherits it.
create table whitelabel_settings (
  organisation_id uuid primary key references organisations (id) on delete cascade,
  copyright_text text check (char_length(copyright_text) <= 200),
  whitelabel_email text,
  logo_url text,
  preset_color text check (preset_color in ('default', 'theme1', 'theme2', 'theme3', 'theme4', 'theme5', 'theme6')),
  updated_at timestamptz not null default now(),
  updated_by uuid references users (id) on delete set null
);

create table notification_settings (
  user_id uuid primary key references users (id) on delete cascade,
  job_failures boolean not null default true,
  job_warnings boolean not null default true,
  daily_summary boolean not null default false,
  -- Alerts at this severity or above are mailed; 'off' mails none.
  alert_severity text not null default 'warning' check (alert_severity in ('off', 'critical', 'warning', 'info')),
  product_news boolean not null default false,
  support_tickets boolean not null default true,
  updated_at timestamptz not null default now()
);
