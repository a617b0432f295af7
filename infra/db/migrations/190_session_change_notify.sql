-- Every API process caches verified sessions (the API's session-cache.ts) and must drop a user's
-- entries the moment anything the session lookup reads changes: a session revoked, touched or
-- deleted, or the user's role, access, organisation, MFA state or existence. The payload is the
-- user id; the channel name holds nothing schema-specific because NOTIFY reaches the whole
-- database (test schemas cause extra evictions elsewhere, which are harmless).
create or replace function notify_session_change() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'sessions' then
    perform pg_notify('portal_session_change', old.user_id::text);
    if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
      perform pg_notify('portal_session_change', new.user_id::text);
    end if;
  else
    perform pg_notify('portal_session_change', old.id::text);
  end if;
  return null;
end;
$$;

create trigger sessions_change_notify after update or delete on sessions
  for each row execute function notify_session_change();
create trigger users_change_notify after update or delete on users
  for each row execute function notify_session_change();
