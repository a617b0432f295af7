-- An API process also keeps reads about a user that depend on organisations (the profile shows the
-- organisation's name and whether it or an ancestor requires MFA: user-read-cache.ts). A change of
-- what such a read takes from an organisation evicts every user's entries: the payload '*' on the
-- channel of migration 190. Organisations change rarely, so evicting everyone costs little.
create or replace function notify_organisation_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('portal_session_change', '*');
  return null;
end;
$$;

create trigger organisations_change_notify after update of name, path, parent_id, mfa_required on organisations
  for each row when (old.name is distinct from new.name or old.path is distinct from new.path
                     or old.parent_id is distinct from new.parent_id or old.mfa_required is distinct from new.mfa_required)
  execute function notify_organisation_change();
create trigger organisations_delete_notify after delete on organisations
  for each row execute function notify_organisation_change();
