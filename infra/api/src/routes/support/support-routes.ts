import { supportEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import * as support from '../../services/support-service';

/**
 * Support tickets and feedback (spec section 7). Identity and tenancy come from the verified token;
 * a user id in a path or body that is not the caller's answers 404.
 */
export async function supportRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  const svc: support.SupportDeps = { db: deps.db, mailer: deps.account.mailer, branding: deps.account.branding, log: app.log };

  registerEndpoint(app, ep.createTicket, async ({ auth, body }) => support.createTicket(svc, auth, body));
  registerEndpoint(app, ep.listTickets, async ({ auth, query }) => support.listTickets(svc, auth, query));
  registerEndpoint(app, ep.getSupportContact, async ({ auth }) => support.supportContact(svc, auth));
  registerEndpoint(app, ep.getTicket, async ({ auth, params }) => support.getTicket(svc, auth, params.ticketId));
  registerEndpoint(app, ep.replyToTicket, async ({ auth, params, body }) => support.replyToTicket(svc, auth, params.ticketId, body.body));
  registerEndpoint(app, ep.updateTicketStatus, async ({ auth, params, body }) => support.changeTicketStatus(svc, auth, params.ticketId, body.status));
  registerEndpoint(app, ep.deleteTicket, async ({ auth, params }) => support.deleteTicket(svc, auth, params.userId, params.ticketId));
  registerEndpoint(app, ep.createFeedback, async ({ auth, body }) => support.createFeedback(svc, auth, body));
  registerEndpoint(app, ep.listFeedbacks, async ({ auth, query }) => support.listFeedbacks(svc, auth, query));
  registerEndpoint(app, ep.deleteFeedback, async ({ auth, params }) => support.deleteFeedback(svc, auth, params.id));
}
