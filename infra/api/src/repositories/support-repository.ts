import type { TicketSort, TicketStatus } from '@portal/contracts';
import type { Queryable } from '@portal/db';

export interface TicketRow {
  id: string;
  number: number;
  subject: string;
  description: string;
  status: TicketStatus;
  replyCount: number;
  createdAt: Date;
  updatedAt: Date;
  authorId: string;
  authorName: string;
  authorOrganisationId: string;
  authorOrganisationName: string;
  handlerOrganisationId: string;
  handlerOrganisationName: string;
}

export interface TicketEventRow {
  id: string;
  kind: 'reply' | 'status';
  authorId: string;
  authorName: string;
  authorOrganisationName: string;
  fromSupport: boolean;
  body: string | null;
  status: TicketStatus | null;
  createdAt: Date;
}

interface RawTicket {
  id: string;
  number: number | string;
  subject: string;
  description: string;
  status: TicketStatus;
  reply_count: number;
  created_at: Date;
  updated_at: Date;
  author_id: string;
  author_name: string;
  author_organisation_id: string;
  author_organisation_name: string;
  handler_organisation_id: string;
  handler_organisation_name: string;
}

// Display name: "First Last", or the username when both are blank.
export const PERSON_NAME_SQL = (alias: string) =>
  `coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username)`;

const TICKET_SELECT = `
  select t.id, t.number, t.subject, t.description, t.status, t.reply_count, t.created_at, t.updated_at,
         t.author_id, ${PERSON_NAME_SQL('u')} as author_name,
         t.author_organisation_id, ao.name as author_organisation_name,
         t.handler_organisation_id, ho.name as handler_organisation_name
  from support_tickets t
  join users u on u.id = t.author_id
  join organisations ao on ao.id = t.author_organisation_id
  join organisations ho on ho.id = t.handler_organisation_id`;

// Every read is confined to the caller's subtree: the author's organisation must lie at or below it.
const IN_SUBTREE = `starts_with(ao.path, (select path from organisations where id = $1))`;

function toTicket(row: RawTicket): TicketRow {
  return {
    id: row.id,
    number: Number(row.number),
    subject: row.subject,
    description: row.description,
    status: row.status,
    replyCount: Number(row.reply_count),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    authorId: row.author_id,
    authorName: row.author_name,
    authorOrganisationId: row.author_organisation_id,
    authorOrganisationName: row.author_organisation_name,
    handlerOrganisationId: row.handler_organisation_id,
    handlerOrganisationName: row.handler_organisation_name,
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Inserts a ticket routed to the tier above the author's organisation (its parent; the provider, which
 * has none, keeps its own tickets). Done in the statement itself: one round trip under write load.
 */
export async function insertTicket(
  db: Queryable,
  input: { authorId: string; authorOrganisationId: string; subject: string; description: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into support_tickets (author_id, author_organisation_id, handler_organisation_id, subject, description)
     select $1, o.id, coalesce(o.parent_id, o.id), $3, $4 from organisations o where o.id = $2
     returning id`,
    [input.authorId, input.authorOrganisationId, input.subject, input.description],
  );
  return rows[0].id;
}

/** The ticket if the caller's organisation can see it, else undefined (the route answers 404). */
export async function findVisibleTicket(db: Queryable, callerOrganisationId: string, ticketId: string): Promise<TicketRow | undefined> {
  const { rows } = await db.query<RawTicket>(`${TICKET_SELECT} where ${IN_SUBTREE} and t.id = $2`, [callerOrganisationId, ticketId]);
  return rows[0] ? toTicket(rows[0]) : undefined;
}

const TICKET_ORDER: Record<TicketSort, string> = {
  '-updatedAt': 't.updated_at desc, t.id desc',
  updatedAt: 't.updated_at asc, t.id asc',
  '-createdAt': 't.created_at desc, t.id desc',
  createdAt: 't.created_at asc, t.id asc',
  subject: 'lower(t.subject) asc, t.created_at desc, t.id',
  '-subject': 'lower(t.subject) desc, t.created_at desc, t.id',
  // Workflow order, not alphabetical: open first.
  status: `array_position(array['open','in_progress','waiting_for_customer','resolved','closed'], t.status) asc, t.updated_at desc, t.id`,
  '-status': `array_position(array['open','in_progress','waiting_for_customer','resolved','closed'], t.status) desc, t.updated_at desc, t.id`,
};

export interface TicketFilter {
  q?: string;
  statuses?: TicketStatus[];
  authorId?: string;
  /** Inclusive UTC dates (YYYY-MM-DD) on the creation time. */
  from?: string;
  to?: string;
  sort: TicketSort;
  page: number;
  pageSize: number;
}

export async function listVisibleTickets(
  db: Queryable,
  callerOrganisationId: string,
  filter: TicketFilter,
): Promise<{ items: TicketRow[]; total: number }> {
  const params: unknown[] = [callerOrganisationId];
  const where = [IN_SUBTREE];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filter.q) {
    const q = filter.q.trim();
    const numeric = /^#?\d{1,15}$/.test(q) ? Number(q.replace('#', '')) : null;
    params.push(likePattern(q));
    const p = `$${params.length}`;
    params.push(numeric);
    where.push(
      `(t.subject ilike ${p} or t.description ilike ${p} or ${PERSON_NAME_SQL('u')} ilike ${p} or u.username ilike ${p} or ao.name ilike ${p} or t.number = $${params.length}::bigint)`,
    );
  }
  if (filter.statuses?.length) add((p) => `t.status = any(${p}::text[])`, filter.statuses);
  if (filter.authorId) add((p) => `t.author_id = ${p}::uuid`, filter.authorId);
  if (filter.from) add((p) => `t.created_at >= (${p}::date)::timestamp at time zone 'UTC'`, filter.from);
  if (filter.to) add((p) => `t.created_at < (${p}::date + 1)::timestamp at time zone 'UTC'`, filter.to);
  const whereSql = where.join(' and ');

  const count = await db.query<{ total: number }>(
    `select count(*)::int as total from support_tickets t
     join users u on u.id = t.author_id
     join organisations ao on ao.id = t.author_organisation_id
     where ${whereSql}`,
    params,
  );
  const { rows } = await db.query<RawTicket>(
    `${TICKET_SELECT} where ${whereSql} order by ${TICKET_ORDER[filter.sort]} limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`,
    params,
  );
  return { items: rows.map(toTicket), total: Number(count.rows[0]?.total ?? 0) };
}

export async function listTicketEvents(db: Queryable, ticketId: string): Promise<TicketEventRow[]> {
  const { rows } = await db.query<{
    id: string;
    kind: 'reply' | 'status';
    author_id: string;
    author_name: string;
    author_organisation_name: string;
    from_support: boolean;
    body: string | null;
    status: TicketStatus | null;
    created_at: Date;
  }>(
    `select e.id, e.kind, e.author_id, ${PERSON_NAME_SQL('u')} as author_name, o.name as author_organisation_name,
            e.from_support, e.body, e.status, e.created_at
     from support_ticket_events e
     join users u on u.id = e.author_id
     join organisations o on o.id = u.organisation_id
     where e.ticket_id = $1
     order by e.created_at, e.id`,
    [ticketId],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    authorId: row.author_id,
    authorName: row.author_name,
    authorOrganisationName: row.author_organisation_name,
    fromSupport: row.from_support,
    body: row.body,
    status: row.status,
    createdAt: new Date(row.created_at),
  }));
}

export async function insertTicketEvent(
  db: Queryable,
  input: { ticketId: string; authorId: string; kind: 'reply' | 'status'; fromSupport: boolean; body?: string; status?: TicketStatus },
): Promise<void> {
  await db.query(
    `insert into support_ticket_events (ticket_id, author_id, kind, from_support, body, status) values ($1, $2, $3, $4, $5, $6)`,
    [input.ticketId, input.authorId, input.kind, input.fromSupport, input.body ?? null, input.status ?? null],
  );
}

/** Moves the ticket's clock (and optionally its status); counts a reply when asked. */
export async function touchTicket(db: Queryable, ticketId: string, change: { status?: TicketStatus; reply?: boolean }): Promise<void> {
  await db.query(
    `update support_tickets
     set updated_at = clock_timestamp(),
         status = coalesce($2, status),
         reply_count = reply_count + $3
     where id = $1`,
    [ticketId, change.status ?? null, change.reply ? 1 : 0],
  );
}

export async function deleteTicketOfAuthor(db: Queryable, ticketId: string, authorId: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(`delete from support_tickets where id = $1 and author_id = $2 returning id`, [ticketId, authorId]);
  return rows.length > 0;
}

export interface OrganisationMember {
  userId: string;
  email: string;
  firstName: string;
  organisationId: string;
}

/** Everyone in one organisation (the people who receive a tier's ticket e-mails). */
export async function listOrganisationMembers(db: Queryable, organisationId: string): Promise<OrganisationMember[]> {
  const { rows } = await db.query<{ id: string; email: string; first_name: string; organisation_id: string }>(
    `select id, email, first_name, organisation_id from users where organisation_id = $1 order by created_at`,
    [organisationId],
  );
  return rows.map((row) => ({ userId: row.id, email: row.email, firstName: row.first_name, organisationId: row.organisation_id }));
}
