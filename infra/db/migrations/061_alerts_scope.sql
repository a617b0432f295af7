-- Alerts (issue 10): an organisation scope (null = a platform alert only the provider sees) and a
-- lifecycle open -> acknowledged -> resolved with who and when. `acknowledged` stays for the remote
-- fallback code that already reads it.

alter table alerts add column organisation_id uuid references organisations (id) on delete cascade;
alter table alerts add column status text not null default 'open' check (status in ('open', 'acknowledged', 'resolved'));
alter table alerts add column resolved_at timestamptz;
alter table alerts add column resolved_by uuid;
update alerts set status = 'acknowledged' where acknowledged;
create index alerts_org_status_idx on alerts (organisation_id, status);

-- Failed and warning jobs raise an alert for their organisation. A trigger is the one place every
-- way a job finishes passes through (engine worker, stale-job recovery, cancellation), without
-- touching the engine.
create or replace function raise_job_alert() returns trigger language plpgsql as $$
begin
  if new.status in ('failed', 'warning') and new.status is distinct from old.status then
    insert into alerts (severity, source, message, organisation_id)
    values (
      case when new.status = 'failed' then 'error' else 'warning' end,
      'job:' || new.id::text,
      case when new.status = 'failed' then 'Job failed: ' else 'Job finished with warnings: ' end || new.title
        || coalesce(' (' || left(new.error_message, 200) || ')', ''),
      new.organisation_id
    );
  end if;
  return new;
end;
$$;
create trigger backup_jobs_raise_alert after update of status on backup_jobs
  for each row execute function raise_job_alert();
