-- Signed webhooks (issue 22). Events are written by triggers where they happen (every code path that
-- finishes a job, raises or resolves an alert, opens or answers a ticket, or marks a tenant's consent
-- lost passes through these tables, in API and worker processes alike), then fanned out to the
-- subscribed endpoints of the event's organisation and the organisations above it, and delivered by
-- the API's dispatcher with retries.
create table webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id) on delete cascade,
  url text not null,
  description text not null default '',
  events text[] not null,
  -- The signing secret, sealed (AES-256-GCM under a key derived from the server secret): the server
  -- must sign with it, so it cannot be a one-way hash like an API key.
  secret_sealed text not null,
  enabled boolean not null default true,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index webhook_endpoints_organisation_idx on webhook_endpoints (organisation_id);

create table webhook_events (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references organisations (id) on delete cascade,
  type text not null,
  data jsonb not null,
  created_at timestamptz not null default clock_timestamp(),
  fanned_out_at timestamptz
);
create index webhook_events_pending_idx on webhook_events (created_at) where fanned_out_at is null;

create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
  event_id uuid not null references webhook_events (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  response_status integer,
  response_body text,
  error text,
  -- A re-send is a delivery of its own, so each keeps its own answers.
  resend_of uuid references webhook_deliveries (id) on delete set null,
  created_at timestamptz not null default clock_timestamp()
);
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at desc);

create or replace function emit_job_webhook_event() returns trigger language plpgsql as $$
begin
  if new.status in ('succeeded', 'warning', 'failed', 'cancelled') and new.status is distinct from old.status then
    insert into webhook_events (organisation_id, type, data)
    values (
      new.organisation_id,
      case when new.status = 'failed' then 'job.failed' else 'job.finished' end,
      jsonb_build_object('jobId', new.id, 'type', new.type, 'status', new.status, 'title', new.title, 'setId', new.set_id,
                         'errorMessage', new.error_message, 'finishedAt', new.finished_at)
    );
  end if;
  return new;
end;
$$;
create trigger backup_jobs_webhook_event after update of status on backup_jobs
  for each row execute function emit_job_webhook_event();

create or replace function emit_alert_webhook_event() returns trigger language plpgsql as $$
begin
  -- Platform alerts (no organisation) are the operator's, not a tenant's.
  if new.organisation_id is null then return new; end if;
  if tg_op = 'INSERT' or (new.status = 'resolved' and old.status is distinct from 'resolved') then
    insert into webhook_events (organisation_id, type, data)
    values (
      new.organisation_id,
      case when tg_op = 'INSERT' then 'alert.raised' else 'alert.resolved' end,
      jsonb_build_object('alertId', new.id::text, 'severity', new.severity, 'message', new.message, 'status', new.status)
    );
  end if;
  return new;
end;
$$;
create trigger alerts_webhook_event_insert after insert on alerts
  for each row execute function emit_alert_webhook_event();
create trigger alerts_webhook_event_update after update of status on alerts
  for each row execute function emit_alert_webhook_event();

create or replace function emit_ticket_webhook_event() returns trigger language plpgsql as $$
declare
  ticket support_tickets%rowtype;
begin
  if tg_table_name = 'support_tickets' then
    insert into webhook_events (organisation_id, type, data)
    values (new.author_organisation_id, 'ticket.created',
            jsonb_build_object('ticketId', new.id, 'number', new.number, 'subject', new.subject, 'status', new.status));
  elsif new.kind = 'reply' and new.from_support then
    select * into ticket from support_tickets where id = new.ticket_id;
    insert into webhook_events (organisation_id, type, data)
    values (ticket.author_organisation_id, 'ticket.answered',
            jsonb_build_object('ticketId', ticket.id, 'number', ticket.number, 'subject', ticket.subject, 'status', ticket.status));
  end if;
  return new;
end;
$$;
create trigger support_tickets_webhook_event after insert on support_tickets
  for each row execute function emit_ticket_webhook_event();
create trigger support_ticket_events_webhook_event after insert on support_ticket_events
  for each row execute function emit_ticket_webhook_event();

create or replace function emit_consent_webhook_event() returns trigger language plpgsql as $$
begin
  if new.consent_lost and not old.consent_lost then
    insert into webhook_events (organisation_id, type, data)
    values (new.organisation_id, 'tenant.consent_lost',
            jsonb_build_object('tenantId', new.id, 'name', new.name, 'error', left(new.last_error, 300)));
  end if;
  return new;
end;
$$;
create trigger backup_tenants_consent_webhook_event after update of consent_lost on backup_tenants
  for each row execute function emit_consent_webhook_event();
