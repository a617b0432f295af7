-- A white-label e-mail address becomes a sender only after someone proved they receive mail there:
-- the code mailed to it (one_time_codes, purpose 'sender') is linked here until it is used, and
-- saving another address clears both columns.
alter table whitelabel_settings add column sender_verified_at timestamptz;
alter table whitelabel_settings add column sender_code_id uuid references one_time_codes (id) on delete set null;

alter table one_time_codes drop constraint if exists one_time_codes_purpose_check;
alter table one_time_codes add constraint one_time_codes_purpose_check check (purpose in ('mfa', 'reset', 'invite', 'sender'));
