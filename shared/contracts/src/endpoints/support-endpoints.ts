import { defineEndpoints, sessionAccess as session } from '../endpoint';
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
} from '../support';

const tag = 'Support';

/** Support tickets and feedback (spec section 7). A user id in a path that is not the caller's answers 404. */
export const supportEndpoints = defineEndpoints({
  createTicket: {
    method: 'POST', path: '/support/create', tag, access: session, summary: 'Raise a support ticket',
    body: createTicketRequestSchema, response: { status: 201, schema: ticketSummarySchema },
  },
  listTickets: {
    method: 'GET', path: '/support/tickets', tag, access: session, summary: "Tickets the caller may see, a page at a time",
    query: ticketListQuerySchema, response: { status: 200, schema: ticketPageSchema },
  },
  getSupportContact: {
    method: 'GET', path: '/support/contact', tag, access: session, summary: "The support contact shown to the caller",
    response: { status: 200, schema: supportContactSchema },
  },
  getTicket: {
    method: 'GET', path: '/support/tickets/:ticketId', tag, access: session, summary: 'One ticket with its replies',
    params: ticketIdParamsSchema, response: { status: 200, schema: ticketDetailSchema },
  },
  replyToTicket: {
    method: 'POST', path: '/support/tickets/:ticketId/replies', tag, access: session, summary: 'Reply to a ticket',
    params: ticketIdParamsSchema, body: createReplyRequestSchema, response: { status: 201, schema: ticketDetailSchema },
  },
  updateTicketStatus: {
    method: 'PATCH', path: '/support/tickets/:ticketId', tag, access: session, summary: "Change a ticket's status",
    params: ticketIdParamsSchema, body: updateTicketRequestSchema, response: { status: 200, schema: ticketDetailSchema },
  },
  deleteTicket: {
    method: 'DELETE', path: '/support/users/:userId/tickets/:ticketId', tag, access: session, summary: "Delete one of the caller's tickets",
    params: userTicketParamsSchema, response: { status: 200, schema: supportMessageSchema },
  },
  createFeedback: {
    method: 'POST', path: '/feedbacks/create', tag, access: session, summary: 'Send feedback',
    body: createFeedbackRequestSchema, response: { status: 201, schema: feedbackEntrySchema },
  },
  listFeedbacks: {
    method: 'GET', path: '/feedbacks/list', tag, access: session, summary: 'Feedback the caller may read, a page at a time',
    query: feedbackListQuerySchema, response: { status: 200, schema: feedbackPageSchema },
  },
  deleteFeedback: {
    method: 'DELETE', path: '/feedbacks/:id', tag, access: session, summary: 'Delete a feedback entry',
    params: feedbackIdParamsSchema, response: { status: 200, schema: supportMessageSchema },
  },
});
