import {
  SUPPORT_MESSAGES,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type CreateFeedbackRequest,
  type CreateTicketRequest,
  type FeedbackEntry,
  type FeedbackListQuery,
  type FeedbackPage,
  type Person,
  type SupportContact,
  type TicketDetail,
  type TicketListQuery,
  type TicketPage,
  type TicketStatus,
  type TicketSummary,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@portal/db';
import type { Mailer, OutgoingMail } from '../mail/mailer';
import type { BrandingResolver, MailBranding, MailRecipient } from '../mail/messages';
import {
  deleteFeedbackById,
  findVisibleFeedback,
  insertFeedback,
  listVisibleFeedbacks,
  type FeedbackRow,
  type FeedbackScope,
} from '../repositories/feedbacks-repository';
import { findOrganisationById } from '../repositories/organisations-repository';
import { findEffectiveWhitelabel } from '../repositories/whitelabel-repository';
import { recipientsWhoWant } from './notification-settings-service';
import {
  deleteTicketOfAuthor,
  findVisibleTicket,
  insertTicket,
  insertTicketEvent,
  listOrganisationMembers,
  listTicketEvents,
  listVisibleTickets,
  touchTicket,
  type OrganisationMember,
  type TicketRow,
} from '../repositories/support-repository';
import { findUserById } from '../repositories/users-repository';
import type { AuthContext } from './identity-service';
import { HttpError, notFound } from './errors';

export interface SupportDeps {
  db: Db;
  mailer: Mailer;
  branding: BrandingResolver;
  log?: FastifyBaseLogger;
}

type Caller = Pick<AuthContext, 'userId' | 'role' | 'organisationId'>;

// ---- Tier routing ----

/**
 * The tier that handles a ticket: the organisation above the author's (insertTicket applies the same rule in SQL). A customer's ticket goes to
 * its partner (or direct partner); a partner's, direct partner's and direct customer's go to the
 * provider. The provider has no tier above, so its own tickets stay with the provider's other admins.
 */
export async function handlerOrganisationFor(deps: SupportDeps, organisationId: string) {
  const own = await findOrganisationById(deps.db, organisationId);
  if (!own) throw notFound();
  if (!own.parentId) return own;
  return (await findOrganisationById(deps.db, own.parentId)) ?? own;
}

/**
 * The requester's side is the author and their colleagues; everyone else who can see the ticket
 * (its organisation lies in their subtree) is the support side. In the provider, where author and
 * handler share the organisation, only the author is the requester.
 */
function isRequesterSide(caller: Caller, ticket: TicketRow): boolean {
  if (caller.userId === ticket.authorId) return true;
  return caller.organisationId === ticket.authorOrganisationId && ticket.authorOrganisationId !== ticket.handlerOrganisationId;
}

function allowedStatuses(caller: Caller, ticket: TicketRow): TicketStatus[] {
  if (!isRequesterSide(caller, ticket)) return TICKET_STATUSES.filter((s) => s !== ticket.status);
  // The requester may close their ticket, or reopen it once it was resolved or closed.
  return ticket.status === 'resolved' || ticket.status === 'closed' ? ['open'] : ['closed'];
}

// ---- Shapes ----

const iso = (date: Date) => date.toISOString();

function summary(ticket: TicketRow): TicketSummary {
  return {
    id: ticket.id,
    number: ticket.number,
    subject: ticket.subject,
    description: ticket.description,
    status: ticket.status,
    author: { userId: ticket.authorId, name: ticket.authorName, organisationName: ticket.authorOrganisationName },
    handlerOrganisationName: ticket.handlerOrganisationName,
    replyCount: ticket.replyCount,
    createdAt: iso(ticket.createdAt),
    updatedAt: iso(ticket.updatedAt),
  };
}

async function detail(deps: SupportDeps, caller: Caller, ticket: TicketRow): Promise<TicketDetail> {
  const events = await listTicketEvents(deps.db, ticket.id);
  return {
    ...summary(ticket),
    conversation: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      author: { userId: event.authorId, name: event.authorName, organisationName: event.authorOrganisationName } satisfies Person,
      fromSupport: event.fromSupport,
      body: event.body,
      status: event.status,
      createdAt: iso(event.createdAt),
    })),
    permissions: {
      reply: ticket.status !== 'closed',
      statuses: allowedStatuses(caller, ticket),
      delete: caller.userId === ticket.authorId,
    },
  };
}

/** A path or body naming someone other than the caller looks like it does not exist. */
function requireCaller(caller: Caller, userId: string): void {
  if (caller.userId !== userId) throw notFound();
}

async function visibleTicket(deps: SupportDeps, caller: Caller, ticketId: string): Promise<TicketRow> {
  const ticket = await findVisibleTicket(deps.db, caller.organisationId, ticketId);
  if (!ticket) throw notFound();
  return ticket;
}

// ---- E-mail ----

async function sendAll(deps: SupportDeps, recipients: OrganisationMember[], build: (recipient: MailRecipient, branding: MailBranding) => OutgoingMail) {
  // Each recipient's notification settings decide (support ticket mails can be turned off).
  for (const recipient of await recipientsWhoWant(deps.db, recipients, { kind: 'supportTicket' })) {
    await deps.mailer.send(build(recipient, await deps.branding(recipient)));
  }
}

/**
 * Tells the other side about a new ticket or reply, to those whose notification settings allow it.
 * A mail failure never fails the request: the ticket is saved, and a retry by the client would
 * only create a duplicate. Outbox delivery is awaited (cheap, and tests can read it at once);
 * SMTP runs in the background so a slow mail server does not slow the portal down.
 */
function notify(deps: SupportDeps, recipients: OrganisationMember[], build: (recipient: MailRecipient, branding: MailBranding) => OutgoingMail): Promise<void> {
  const sending = sendAll(deps, recipients, build).catch((error) => deps.log?.error({ err: error }, 'support e-mail failed'));
  return deps.mailer.kind === 'outbox' ? sending : Promise.resolve();
}

const ticketTag = (ticket: Pick<TicketRow, 'number' | 'subject'>) => `[Ticket #${ticket.number}] ${ticket.subject}`;

function ticketMail(recipient: MailRecipient, branding: MailBranding, subject: string, lines: string[]): OutgoingMail {
  return {
    to: recipient.email,
    from: branding.from,
    replyTo: branding.replyTo,
    subject,
    text: [`Hello ${recipient.firstName || 'there'},`, '', ...lines, '', 'Open Support Tickets in the portal to read the whole conversation and answer.', '', branding.productName].join('\n'),
    html: null,
  };
}

async function supportSideRecipients(deps: SupportDeps, ticket: TicketRow, exceptUserId: string) {
  return (await listOrganisationMembers(deps.db, ticket.handlerOrganisationId)).filter((m) => m.userId !== exceptUserId && m.userId !== ticket.authorId);
}

async function authorRecipient(deps: SupportDeps, ticket: TicketRow): Promise<OrganisationMember[]> {
  const author = await findUserById(deps.db, ticket.authorId);
  return author ? [{ userId: author.id, email: author.email, firstName: author.firstName, organisationId: author.organisationId }] : [];
}

// ---- Tickets ----

export async function createTicket(deps: SupportDeps, caller: Caller, input: CreateTicketRequest): Promise<TicketSummary> {
  requireCaller(caller, input.userId);
  const id = await insertTicket(deps.db, {
    authorId: caller.userId,
    authorOrganisationId: caller.organisationId,
    subject: input.subject.trim(),
    description: input.description.trim(),
  });
  const ticket = await visibleTicket(deps, caller, id);
  await notify(deps, await supportSideRecipients(deps, ticket, caller.userId), (recipient, branding) =>
    ticketMail(recipient, branding, `New support ticket ${ticketTag(ticket)}`, [
      `${ticket.authorName} (${ticket.authorOrganisationName}) raised a support ticket:`,
      '',
      ticket.subject,
      '',
      ticket.description,
    ]),
  );
  return summary(ticket);
}

export async function listTickets(deps: SupportDeps, caller: Caller, query: TicketListQuery): Promise<TicketPage> {
  const { items, total } = await listVisibleTickets(deps.db, caller.organisationId, {
    q: query.q,
    statuses: query.status,
    authorId: query.author === 'me' ? caller.userId : query.author,
    from: query.from,
    to: query.to,
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
  });
  return { items: items.map(summary), total, page: query.page, pageSize: query.pageSize };
}

export async function getTicket(deps: SupportDeps, caller: Caller, ticketId: string): Promise<TicketDetail> {
  return detail(deps, caller, await visibleTicket(deps, caller, ticketId));
}

export async function replyToTicket(deps: SupportDeps, caller: Caller, ticketId: string, body: string): Promise<TicketDetail> {
  const before = await visibleTicket(deps, caller, ticketId);
  if (before.status === 'closed') throw new HttpError(409, SUPPORT_MESSAGES.ticketClosed);
  const requester = isRequesterSide(caller, before);
  // A support answer starts the work; the requester's answer hands the ticket back to support.
  let status: TicketStatus | undefined;
  if (!requester && before.status === 'open') status = 'in_progress';
  if (requester && before.status === 'waiting_for_customer') status = 'in_progress';
  if (requester && before.status === 'resolved') status = 'open';
  await deps.db.transaction(async (tx) => {
    await insertTicketEvent(tx, { ticketId, authorId: caller.userId, kind: 'reply', fromSupport: !requester, body: body.trim() });
    await touchTicket(tx, ticketId, { status, reply: true });
  });
  const ticket = await visibleTicket(deps, caller, ticketId);
  const replier = await findUserById(deps.db, caller.userId);
  const replierName = replier ? `${replier.firstName} ${replier.lastName}`.trim() || replier.username : 'Someone';
  const recipients = requester ? await supportSideRecipients(deps, ticket, caller.userId) : await authorRecipient(deps, ticket);
  await notify(deps, recipients, (recipient, branding) =>
    ticketMail(recipient, branding, `New reply on ${ticketTag(ticket)}`, [
      `${replierName} replied to the support ticket "${ticket.subject}" (status: ${TICKET_STATUS_LABELS[ticket.status]}):`,
      '',
      body.trim(),
    ]),
  );
  return detail(deps, caller, ticket);
}

export async function changeTicketStatus(deps: SupportDeps, caller: Caller, ticketId: string, status: TicketStatus): Promise<TicketDetail> {
  const before = await visibleTicket(deps, caller, ticketId);
  if (status !== before.status) {
    if (!allowedStatuses(caller, before).includes(status)) throw new HttpError(403, SUPPORT_MESSAGES.statusNotAllowed);
    await deps.db.transaction(async (tx) => {
      await insertTicketEvent(tx, { ticketId, authorId: caller.userId, kind: 'status', fromSupport: !isRequesterSide(caller, before), status });
      await touchTicket(tx, ticketId, { status });
    });
  }
  return detail(deps, caller, await visibleTicket(deps, caller, ticketId));
}

export async function deleteTicket(deps: SupportDeps, caller: Caller, userId: string, ticketId: string): Promise<{ message: string }> {
  requireCaller(caller, userId);
  const ticket = await visibleTicket(deps, caller, ticketId);
  if (ticket.authorId !== caller.userId) throw new HttpError(403, SUPPORT_MESSAGES.onlyAuthorMayDelete);
  if (!(await deleteTicketOfAuthor(deps.db, ticketId, caller.userId))) throw notFound();
  return { message: SUPPORT_MESSAGES.ticketDeleted };
}

export async function supportContact(deps: SupportDeps, caller: Caller): Promise<SupportContact> {
  const handler = await handlerOrganisationFor(deps, caller.organisationId);
  // The handling tier's white-label e-mail (its own or inherited), the address its customers write to.
  const brand = await findEffectiveWhitelabel(deps.db, handler.id);
  return { organisationName: handler.name, email: brand?.whiteLabelEmail ?? null, sameOrganisation: handler.id === caller.organisationId };
}

// ---- Feedback ----

/** ADMIN and partners read their whole subtree; everyone else only what they wrote. */
function feedbackScope(caller: Caller): FeedbackScope {
  return caller.role === 'ADMIN' || caller.role === 'PARTNER' || caller.role === 'DIRECTPARTNER'
    ? { subtreeOf: caller.organisationId }
    : { authorId: caller.userId };
}

const canDeleteFeedback = (caller: Caller, row: FeedbackRow) => row.authorId === caller.userId || caller.role === 'ADMIN';

function feedbackEntry(caller: Caller, row: FeedbackRow): FeedbackEntry {
  return {
    id: row.id,
    feedback: row.feedback,
    author: { userId: row.authorId, name: row.authorName, organisationName: row.organisationName },
    createdAt: iso(row.createdAt),
    canDelete: canDeleteFeedback(caller, row),
  };
}

export async function createFeedback(deps: SupportDeps, caller: Caller, input: CreateFeedbackRequest): Promise<FeedbackEntry> {
  requireCaller(caller, input.userId);
  const row = await insertFeedback(deps.db, { authorId: caller.userId, organisationId: caller.organisationId, feedback: input.feedback.trim() });
  return feedbackEntry(caller, row);
}

export async function listFeedbacks(deps: SupportDeps, caller: Caller, query: FeedbackListQuery): Promise<FeedbackPage> {
  const { items, total } = await listVisibleFeedbacks(deps.db, feedbackScope(caller), query);
  return { items: items.map((row) => feedbackEntry(caller, row)), total, page: query.page, pageSize: query.pageSize };
}

export async function deleteFeedback(deps: SupportDeps, caller: Caller, id: string): Promise<{ message: string }> {
  const row = await findVisibleFeedback(deps.db, feedbackScope(caller), id);
  if (!row) throw notFound();
  if (!canDeleteFeedback(caller, row)) throw new HttpError(403, SUPPORT_MESSAGES.feedbackDeleteForbidden);
  await deleteFeedbackById(deps.db, id);
  return { message: SUPPORT_MESSAGES.feedbackDeleted };
}
