import { callEndpoint } from './call-endpoint';
import { supportEndpoints as ep } from './endpoints/support-endpoints';
import type { ApiResult } from '@portal/request';
import type {
  CreateFeedbackRequest,
  CreateReplyRequest,
  CreateTicketRequest,
  FeedbackEntry,
  FeedbackListParams,
  FeedbackPage,
  SupportContact,
  SupportMessage,
  TicketDetail,
  TicketListParams,
  TicketPage,
  TicketSummary,
  UpdateTicketRequest,
} from './support';

// Support tickets and feedback: URLs, methods and access come from ./endpoints/support-endpoints.
// Each call resolves with the success body or `{ errorMessage }` (see @portal/request).

export const createTicket = (body: CreateTicketRequest): Promise<ApiResult<TicketSummary>> => callEndpoint(ep.createTicket, { body });

export const listTickets = (params: TicketListParams = {}): Promise<ApiResult<TicketPage>> => callEndpoint(ep.listTickets, { query: params });

export const getTicket = (ticketId: string): Promise<ApiResult<TicketDetail>> => callEndpoint(ep.getTicket, { params: { ticketId } });

export const replyToTicket = (ticketId: string, body: CreateReplyRequest): Promise<ApiResult<TicketDetail>> =>
  callEndpoint(ep.replyToTicket, { params: { ticketId }, body });

export const updateTicketStatus = (ticketId: string, body: UpdateTicketRequest): Promise<ApiResult<TicketDetail>> =>
  callEndpoint(ep.updateTicketStatus, { params: { ticketId }, body });

export const deleteTicket = (userId: string, ticketId: string): Promise<ApiResult<SupportMessage>> =>
  callEndpoint(ep.deleteTicket, { params: { userId, ticketId } });

export const getSupportContact = (): Promise<ApiResult<SupportContact>> => callEndpoint(ep.getSupportContact);

export const createFeedback = (body: CreateFeedbackRequest): Promise<ApiResult<FeedbackEntry>> => callEndpoint(ep.createFeedback, { body });

export const listFeedbacks = (params: FeedbackListParams = {}): Promise<ApiResult<FeedbackPage>> => callEndpoint(ep.listFeedbacks, { query: params });

export const deleteFeedback = (id: string): Promise<ApiResult<SupportMessage>> => callEndpoint(ep.deleteFeedback, { params: { id } });
