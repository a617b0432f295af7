-- M365 connection alerts (issue 10).
--  * secret_expires_at: when the app registration's client secret expires (entered by the user; Entra
--    ID does not tell an app its own secret's expiry). secret_alerted_for remembers the date an
--    expiry alert was raised for, so the periodic check raises once per tenant and date.
--  * consent_lost: set by the engine when a token request or Graph call shows the app lost consent or
--    its credentials are no longer valid; cleared by the next successful connection test or backup.
alter table backup_tenants
  add column secret_expires_at date,
  add column secret_alerted_for date,
  add column consent_lost boolean not null default false;

-- The engine runs in API processes and in separate worker processes, so the alert follows the
-- column in the database (like the job alerts of 061) instead of living in one of them.
create or replace function raise_tenant_consent_alert() returns trigger language plpgsql as $$
begin
  if new.consent_lost and not old.consent_lost then
    insert into alerts (severity, source, message, organisation_id)
    values (
      'critical',
      'm365:consent:' || new.id::text,
      'Microsoft 365 tenant "' || new.name || '" lost access (consent revoked or app credentials invalid): '
        || coalesce(left(new.last_error, 300), 'access denied'),
      new.organisation_id
    )
    on conflict do nothing;
  elsif old.consent_lost and not new.consent_lost then
    update alerts set status = 'resolved', resolved_at = now(), acknowledged = true, acknowledged_at = coalesce(acknowledged_at, now())
     where source = 'm365:consent:' || new.id::text and status <> 'resolved';
  end if;
  return new;
end;
$$;
create trigger backup_tenants_consent_alert after update of consent_lost on backup_tenants
  for each row execute function raise_tenant_consent_alert();
