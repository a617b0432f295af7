-- Support tickets with their conversation, and feedback (issue 6).
-- A ticket is handled by the organisation above its author's (the provider's own tickets stay in the
-- provider). Visibility is always decided by the author organisation's path, so it follows the tree.

create table support_tickets (
  id uuid primary key default gen_random_uuid(),
  -- A short number people can quote on the phone; ids stay the API's handle.
  number bigint generated always as identity unique,
  author_id uuid not null references users (id) on delete cascade,
  author_organisation_id uuid not null references organisations (id),
  handler_organisation_id uuid not null references organisations (id),
  subject text not null check (char_length(subject) between 1 and 100),
  description text not null check (char_length(description) between 1 and 500),
  status text not null default 'open'
    check (status in ('open', 'in_progress', 'waiting_for_customer', 'resolved', 'closed')),
  reply_count integer not null default 0,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp()
);
create index support_tickets_author_org_idx on support_tickets (author_organisation_id, updated_at desc);
create index support_tickets_handler_org_idx on support_tickets (handler_organisation_id, updated_at desc);
create index support_tickets_author_idx on support_tickets (author_id);

-- The conversation: replies and status changes, oldest first.
create table support_ticket_events (
  id uuid primary key default gen_random_uuid(),
  ticket_id uuid not null references support_tickets (id) on delete cascade,
  author_id uuid not null references users (id) on delete cascade,
  kind text not null check (kind in ('reply', 'status')),
  from_support boolean not null,
  body text check (body is null or char_length(body) between 1 and 2000),
  status text check (status is null or status in ('open', 'in_progress', 'waiting_for_customer', 'resolved', 'closed')),
  created_at timestamptz not null default clock_timestamp(),
  check ((kind = 'reply') = (body is not null)),
  check ((kind = 'status') = (status is not null))
);
create index support_ticket_events_ticket_idx on support_ticket_events (ticket_id, created_at);

create table feedbacks (
  id uuid primary key default gen_random_uuid(),
  author_id uuid not null references users (id) on delete cascade,
  organisation_id uuid not null references organisations (id),
  feedback text not null check (char_length(feedback) between 1 and 250),
  created_at timestamptz not null default clock_timestamp()
);
create index feedbacks_organisation_idx on feedbacks (organisation_id, created_at desc);
create index feedbacks_author_idx on feedbacks (author_id, created_at desc);
create index feedbacks_created_idx on feedbacks (created_at desc);
