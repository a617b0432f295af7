import {
  createFeedbackRequestSchema,
  createReplyRequestSchema,
  createTicketRequestSchema,
  feedbackEntrySchema,
  feedbackIdParamsSchema,
  feedbackListQuerySchema,
  feedbackPageSchema,
  supportContactSchema,
  supportMessageSchema,
  ticketDetailSchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketPageSchema,
  ticketSummarySchema,
  updateTicketRequestSchema,
  userTicketParamsSchema,
  type CreateFeedbackRequest,
  type CreateReplyRequest,
  type CreateTicketRequest,
  type FeedbackIdParams,
  type FeedbackListQuery,
  type TicketIdParams,
  type TicketListQuery,
  type UpdateTicketRequest,
  type UserTicketParams,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../plugins/auth';
import * as support from '../services/support-service';
import type { RouteDeps } from './route-deps';

/**
 * Support tickets and feedback (spec section 7 paths, under the API base). Identity and tenancy come
 * from the verified token; a user id in a path or body that is not the caller's answers 404.
 */
export async function supportRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const svc: support.SupportDeps = { db: deps.db, mailer: deps.account.mailer, branding: deps.account.branding, log: app.log };
  const preHandler = deps.authenticate;

  app.post<{ Body: CreateTicketRequest }>(
    '/support/create',
    { schema: { body: createTicketRequestSchema, response: { 201: ticketSummarySchema } }, preHandler },
    async (request, reply) => reply.code(201).send(await support.createTicket(svc, requireAuth(request), request.body)),
  );

  app.get<{ Querystring: TicketListQuery }>(
    '/support/tickets',
    { schema: { querystring: ticketListQuerySchema, response: { 200: ticketPageSchema } }, preHandler },
    async (request) => support.listTickets(svc, requireAuth(request), request.query),
  );

  app.get(
    '/support/contact',
    { schema: { response: { 200: supportContactSchema } }, preHandler },
    async (request) => support.supportContact(svc, requireAuth(request)),
  );

  app.get<{ Params: TicketIdParams }>(
    '/support/tickets/:ticketId',
    { schema: { params: ticketIdParamsSchema, response: { 200: ticketDetailSchema } }, preHandler },
    async (request) => support.getTicket(svc, requireAuth(request), request.params.ticketId),
  );

  app.post<{ Params: TicketIdParams; Body: CreateReplyRequest }>(
    '/support/tickets/:ticketId/replies',
    { schema: { params: ticketIdParamsSchema, body: createReplyRequestSchema, response: { 201: ticketDetailSchema } }, preHandler },
    async (request, reply) =>
      reply.code(201).send(await support.replyToTicket(svc, requireAuth(request), request.params.ticketId, request.body.body)),
  );

  app.patch<{ Params: TicketIdParams; Body: UpdateTicketRequest }>(
    '/support/tickets/:ticketId',
    { schema: { params: ticketIdParamsSchema, body: updateTicketRequestSchema, response: { 200: ticketDetailSchema } }, preHandler },
    async (request) => support.changeTicketStatus(svc, requireAuth(request), request.params.ticketId, request.body.status),
  );

  app.delete<{ Params: UserTicketParams }>(
    '/support/users/:userId/tickets/:ticketId',
    { schema: { params: userTicketParamsSchema, response: { 200: supportMessageSchema } }, preHandler },
    async (request) => support.deleteTicket(svc, requireAuth(request), request.params.userId, request.params.ticketId),
  );

  app.post<{ Body: CreateFeedbackRequest }>(
    '/feedbacks/create',
    { schema: { body: createFeedbackRequestSchema, response: { 201: feedbackEntrySchema } }, preHandler },
    async (request, reply) => reply.code(201).send(await support.createFeedback(svc, requireAuth(request), request.body)),
  );

  app.get<{ Querystring: FeedbackListQuery }>(
    '/feedbacks/list',
    { schema: { querystring: feedbackListQuerySchema, response: { 200: feedbackPageSchema } }, preHandler },
    async (request) => support.listFeedbacks(svc, requireAuth(request), request.query),
  );

  app.delete<{ Params: FeedbackIdParams }>(
    '/feedbacks/:id',
    { schema: { params: feedbackIdParamsSchema, response: { 200: supportMessageSchema } }, preHandler },
    async (request) => support.deleteFeedback(svc, requireAuth(request), request.params.id),
  );
}
