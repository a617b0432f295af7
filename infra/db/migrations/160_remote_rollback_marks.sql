-- Rollback returns to what was live before, never to a version operators already rolled back away
-- from (issue 16). Each pointer move says whether it was a deploy or a rollback (and why); a version
-- rolled back away from carries who did it, when and why until it goes live again by name.
alter table remote_pointer_history add column kind text not null default 'deploy' check (kind in ('deploy', 'rollback'));
alter table remote_pointer_history add column reason text;
alter table remote_releases add column rolled_back_at timestamptz;
alter table remote_releases add column rolled_back_by text;
alter table remote_releases add column rolled_back_reason text;

-- Earlier rollbacks are known from the operations log, written beside each move.
update remote_pointer_history h set kind = 'rollback'
 where exists (
   select 1 from remote_operations o
    where o.action = 'rollback' and o.remote_name = h.name and o.version = h.to_version
      and o.from_version is not distinct from h.from_version
      and o.at between h.at - interval '1 minute' and h.at + interval '1 minute');

-- A version is marked when the last move away from it was a rollback and it has not been live since.
update remote_releases r
   set rolled_back_at = h.at, rolled_back_by = h.actor
  from (select distinct on (name, from_version) id, name, from_version, at, actor, kind
          from remote_pointer_history where from_version is not null
         order by name, from_version, id desc) h
 where h.name = r.name and h.from_version = r.version and h.kind = 'rollback'
   and not exists (select 1 from remote_pointer_history l where l.name = r.name and l.to_version = r.version and l.id > h.id);
