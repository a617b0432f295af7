import { z } from 'zod';
import { calendarDate, storableString } from './storable';
import { blankToUndefined, idField, pageOf, pageSizeParam, searchParam } from './paging';

// Support tickets and feedback (spec sections 3, 5, 7 and 9). The form schemas carry the
// spec's exact messages and the API validates the same fields with the same schemas, so the
// browser and the server cannot disagree on what a valid ticket or feedback is.

export const SUBJECT_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 500;
export const FEEDBACK_TEXT_MAX_LENGTH = 250;
/** Replies are not in the spec; long enough for a log excerpt, short enough for an e-mail. */
export const REPLY_MAX_LENGTH = 2000;
export const SEARCH_MAX_LENGTH = 200;
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

export const SUPPORT_MESSAGES = Object.freeze({
  subjectRequired: 'Subject is required',
  descriptionRequired: 'Description is required',
  feedbackRequired: 'Feedback is required',
  replyRequired: 'Reply is required',
  characterLimitExceeded: 'Character Limit Exceeded',
  ticketSubmitted: 'Support Ticket submitted successfully.',
  feedbackSubmitted: 'Feedback submitted successfully.',
  replySent: 'Reply sent.',
  statusChanged: 'Status updated.',
  ticketDeleted: 'Ticket deleted.',
  feedbackDeleted: 'Feedback deleted.',
  ticketClosed: 'This ticket is closed',
  statusNotAllowed: 'You cannot set this status',
  onlyAuthorMayDelete: 'Only the author can delete this ticket',
  feedbackDeleteForbidden: 'Only the author or an administrator can delete this feedback',
});

/**
 * Required (blank counts as missing) and at most `max` characters, one message at a time. The length
 * is counted on the value as typed, the same number the counter under the field shows.
 */
function limitedText(required: string, max: number) {
  return storableString({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `${required.split(' is ')[0]} must be a string`) })
    .superRefine((value, ctx) => {
      if (value.trim().length === 0) ctx.addIssue({ code: 'custom', message: required });
      else if (value.length > max) ctx.addIssue({ code: 'custom', message: SUPPORT_MESSAGES.characterLimitExceeded });
    });
}

export const raiseTicketFormSchema = z.object({
  subject: limitedText(SUPPORT_MESSAGES.subjectRequired, SUBJECT_MAX_LENGTH),
  description: limitedText(SUPPORT_MESSAGES.descriptionRequired, DESCRIPTION_MAX_LENGTH),
});
export type RaiseTicketForm = z.infer<typeof raiseTicketFormSchema>;

/** POST support/create (spec section 3: userId, subject, description). */
export const createTicketRequestSchema = raiseTicketFormSchema.extend({ userId: idField('userId') });
export type CreateTicketRequest = z.infer<typeof createTicketRequestSchema>;

export const feedbackFormSchema = z.object({
  feedback: limitedText(SUPPORT_MESSAGES.feedbackRequired, FEEDBACK_TEXT_MAX_LENGTH),
});
export type FeedbackForm = z.infer<typeof feedbackFormSchema>;

/** POST feedbacks/create (spec section 3: userId, feedback). */
export const createFeedbackRequestSchema = feedbackFormSchema.extend({ userId: idField('userId') });
export type CreateFeedbackRequest = z.infer<typeof createFeedbackRequestSchema>;

export const replyFormSchema = z.object({ body: limitedText(SUPPORT_MESSAGES.replyRequired, REPLY_MAX_LENGTH) });
export type ReplyForm = z.infer<typeof replyFormSchema>;
export const createReplyRequestSchema = replyFormSchema;
export type CreateReplyRequest = ReplyForm;

export const TICKET_STATUSES = ['open', 'in_progress', 'waiting_for_customer', 'resolved', 'closed'] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES, { error: `status must be one of ${TICKET_STATUSES.join(', ')}` });
export type TicketStatus = z.infer<typeof ticketStatusSchema>;
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  waiting_for_customer: 'Waiting for customer',
  resolved: 'Resolved',
  closed: 'Closed',
};
/** Statuses that still need someone's attention (the /support overview lists these). */
export const ACTIVE_TICKET_STATUSES: readonly TicketStatus[] = ['open', 'in_progress', 'waiting_for_customer'];

export const updateTicketRequestSchema = z.object({ status: ticketStatusSchema });
export type UpdateTicketRequest = z.infer<typeof updateTicketRequestSchema>;

export const ticketIdParamsSchema = z.object({ ticketId: idField('ticketId') });
export type TicketIdParams = z.infer<typeof ticketIdParamsSchema>;
export const userTicketParamsSchema = z.object({ userId: idField('userId'), ticketId: idField('ticketId') });
export type UserTicketParams = z.infer<typeof userTicketParamsSchema>;
export const feedbackIdParamsSchema = z.object({ id: idField('id') });
export type FeedbackIdParams = z.infer<typeof feedbackIdParamsSchema>;

const dateParam = (name: string) =>
  z.preprocess(blankToUndefined, calendarDate(`${name} must be a date (YYYY-MM-DD)`).optional());
const fromNotAfterTo = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;
const pageParams = {
  q: searchParam(SEARCH_MAX_LENGTH),
  from: dateParam('from'),
  to: dateParam('to'),
  page: z.preprocess(blankToUndefined, z.coerce.number({ error: 'page must be a positive number' }).int('page must be an integer').min(1, 'page must be a positive number').default(1)),
  pageSize: pageSizeParam(PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
};

export const TICKET_SORTS = ['-updatedAt', 'updatedAt', '-createdAt', 'createdAt', 'subject', '-subject', 'status', '-status'] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];
export const FEEDBACK_SORTS = ['-createdAt', 'createdAt', 'author', '-author'] as const;
export type FeedbackSort = (typeof FEEDBACK_SORTS)[number];

/**
 * GET support/tickets. `status` takes one status or several separated by commas; `author` is `me` or
 * a user id (the handling tier narrowing to one requester).
 */
export const ticketListQuerySchema = z
  .object({
    ...pageParams,
    status: z.preprocess(
      blankToUndefined,
      storableString()
        .transform((value) => value.split(',').filter(Boolean))
        .pipe(z.array(ticketStatusSchema))
        .optional(),
    ),
    author: z.preprocess(blankToUndefined, z.union([z.literal('me'), idField('author')], { error: 'author must be "me" or a user id' }).optional()),
    sort: z.preprocess(blankToUndefined, z.enum(TICKET_SORTS, { error: `sort must be one of ${TICKET_SORTS.join(', ')}` }).default('-updatedAt')),
  })
  .refine(fromNotAfterTo, { message: 'from must not be after to', path: ['from'] });
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;
/** What a caller passes to listTickets (everything optional, as in the URL). */
export type TicketListParams = Partial<{ q: string; status: string; author: string; from: string; to: string; sort: TicketSort; page: number; pageSize: number }>;

export const feedbackListQuerySchema = z
  .object({
    ...pageParams,
    sort: z.preprocess(blankToUndefined, z.enum(FEEDBACK_SORTS, { error: `sort must be one of ${FEEDBACK_SORTS.join(', ')}` }).default('-createdAt')),
  })
  .refine(fromNotAfterTo, { message: 'from must not be after to', path: ['from'] });
export type FeedbackListQuery = z.infer<typeof feedbackListQuerySchema>;
export type FeedbackListParams = Partial<{ q: string; from: string; to: string; sort: FeedbackSort; page: number; pageSize: number }>;

export const personSchema = z.object({
  userId: storableString(),
  name: storableString(),
  organisationName: storableString(),
});
export type Person = z.infer<typeof personSchema>;

export const ticketSummarySchema = z.object({
  id: storableString(),
  number: z.number().int(),
  subject: storableString(),
  description: storableString(),
  status: ticketStatusSchema,
  author: personSchema,
  /** The tier that handles it: the organisation above the author's. */
  handlerOrganisationName: storableString(),
  replyCount: z.number().int().nonnegative(),
  createdAt: storableString(),
  updatedAt: storableString(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketEventSchema = z.object({
  id: storableString(),
  kind: z.enum(['reply', 'status']),
  author: personSchema,
  /** True when written by the handling side (support), false for the requester's side. */
  fromSupport: z.boolean(),
  body: storableString().nullable(),
  status: ticketStatusSchema.nullable(),
  createdAt: storableString(),
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

export const ticketDetailSchema = ticketSummarySchema.extend({
  conversation: z.array(ticketEventSchema),
  permissions: z.object({
    reply: z.boolean(),
    /** Statuses this caller may set now (the handling side: all; the requester: close or reopen). */
    statuses: z.array(ticketStatusSchema),
    delete: z.boolean(),
  }),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketPageSchema = pageOf(ticketSummarySchema);
export type TicketPage = z.infer<typeof ticketPageSchema>;

export const feedbackEntrySchema = z.object({
  id: storableString(),
  feedback: storableString(),
  author: personSchema,
  createdAt: storableString(),
  canDelete: z.boolean(),
});
export type FeedbackEntry = z.infer<typeof feedbackEntrySchema>;

export const feedbackPageSchema = pageOf(feedbackEntrySchema);
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;

/** GET support/contact: who answers the caller's tickets. */
export const supportContactSchema = z.object({
  organisationName: storableString(),
  /** The white-label e-mail of that tier, once white-label settings exist (null until then). */
  email: storableString().nullable(),
  /** True when the caller's tickets stay in their own organisation (the provider has no tier above). */
  sameOrganisation: z.boolean(),
});
export type SupportContact = z.infer<typeof supportContactSchema>;

export const supportMessageSchema = z.object({ message: storableString() });
export type SupportMessage = z.infer<typeof supportMessageSchema>;
