import { request, type ApiResult } from '@portal/request';
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

// Support tickets and feedback (spec section 7); paths relative to the API base. Each call resolves
// with the success body or `{ errorMessage }` (see @portal/request).

const seg = (value: string): string => encodeURIComponent(value);

export const createTicket = (body: CreateTicketRequest): Promise<ApiResult<TicketSummary>> =>
  request<ApiResult<TicketSummary>>({ method: 'POST', url: 'support/create', data: body });

export const listTickets = (params: TicketListParams = {}): Promise<ApiResult<TicketPage>> =>
  request<ApiResult<TicketPage>>({ method: 'GET', url: 'support/tickets', params });

export const getTicket = (ticketId: string): Promise<ApiResult<TicketDetail>> =>
  request<ApiResult<TicketDetail>>({ method: 'GET', url: `support/tickets/${seg(ticketId)}` });

export const replyToTicket = (ticketId: string, body: CreateReplyRequest): Promise<ApiResult<TicketDetail>> =>
  request<ApiResult<TicketDetail>>({ method: 'POST', url: `support/tickets/${seg(ticketId)}/replies`, data: body });

export const updateTicketStatus = (ticketId: string, body: UpdateTicketRequest): Promise<ApiResult<TicketDetail>> =>
  request<ApiResult<TicketDetail>>({ method: 'PATCH', url: `support/tickets/${seg(ticketId)}`, data: body });

export const deleteTicket = (userId: string, ticketId: string): Promise<ApiResult<SupportMessage>> =>
  request<ApiResult<SupportMessage>>({ method: 'DELETE', url: `support/users/${seg(userId)}/tickets/${seg(ticketId)}` });

export const getSupportContact = (): Promise<ApiResult<SupportContact>> =>
  request<ApiResult<SupportContact>>({ method: 'GET', url: 'support/contact' });

export const createFeedback = (body: CreateFeedbackRequest): Promise<ApiResult<FeedbackEntry>> =>
  request<ApiResult<FeedbackEntry>>({ method: 'POST', url: 'feedbacks/create', data: body });

export const listFeedbacks = (params: FeedbackListParams = {}): Promise<ApiResult<FeedbackPage>> =>
  request<ApiResult<FeedbackPage>>({ method: 'GET', url: 'feedbacks/list', params });

export const deleteFeedback = (id: string): Promise<ApiResult<SupportMessage>> =>
  request<ApiResult<SupportMessage>>({ method: 'DELETE', url: `feedbacks/${seg(id)}` });
