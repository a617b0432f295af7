import { z } from 'zod';
import { idField } from './paging';
import { storableString } from './storable';

// Signed webhooks (issue 22): an organisation's HTTPS endpoints, told about its events (and those of
// the organisations below it). The signature scheme is documented in infra/api/README.md.

export const WEBHOOK_EVENT_TYPES = [
  'job.finished',
  'job.failed',
  'alert.raised',
  'alert.resolved',
  'ticket.created',
  'ticket.answered',
  'tenant.consent_lost',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The request headers of a delivery; the signature covers `${timestamp}.${body}`. */
export const WEBHOOK_HEADERS = Object.freeze({
  event: 'x-portal-event',
  delivery: 'x-portal-delivery',
  timestamp: 'x-portal-timestamp',
  signature: 'x-portal-signature',
});

export const WEBHOOKS_PER_ORGANISATION = 10;
export const WEBHOOK_URL_MAX = 2000;

export const WEBHOOK_MESSAGES = Object.freeze({
  urlRequired: 'URL is required',
  urlInvalid: 'URL must be a valid https:// address',
  urlRefused: 'This address is not allowed: webhooks go to public https addresses only',
  eventsRequired: 'Choose at least one event',
  tooMany: `An organisation can have at most ${WEBHOOKS_PER_ORGANISATION} webhooks`,
  created: 'Webhook created. Copy its signing secret now: it will not be shown again.',
  updated: 'Webhook updated.',
  deleted: 'Webhook deleted.',
  resent: 'Delivery queued again.',
});

const webhookUrl = storableString({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlInvalid)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), WEBHOOK_MESSAGES.urlInvalid);

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `events must be among ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .transform((list) => [...new Set(list)]);

const description = storableString().trim().max(200, 'Description is at most 200 characters');

export const createWebhookRequestSchema = z.object({ url: webhookUrl, events, description: description.optional() });
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

export const updateWebhookRequestSchema = z.object({
  url: webhookUrl.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequestSchema>;

export const webhookSchema = z.object({
  id: storableString(),
  url: storableString(),
  description: storableString(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  createdAt: storableString(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({ items: z.array(webhookSchema) });
/** The only answer that carries the signing secret. */
export const createdWebhookSchema = z.object({ message: storableString(), webhook: webhookSchema, secret: storableString() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;
export const webhookAnswerSchema = z.object({ message: storableString(), webhook: webhookSchema });

export const webhookIdParamsSchema = z.object({ webhookId: idField('webhookId') });
export const webhookDeliveryParamsSchema = z.object({ webhookId: idField('webhookId'), deliveryId: idField('deliveryId') });

export const webhookDeliverySchema = z.object({
  id: storableString(),
  eventId: storableString(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: storableString().nullable(),
  lastAttemptAt: storableString().nullable(),
  responseStatus: z.number().int().nullable(),
  /** The start of the receiver's answer (at most 1,000 characters). */
  responseBody: storableString().nullable(),
  error: storableString().nullable(),
  resendOf: storableString().nullable(),
  createdAt: storableString(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) });
export const resentDeliverySchema = z.object({ message: storableString(), delivery: webhookDeliverySchema });

/** What a receiver gets as the body of every delivery. */
export interface WebhookPayload {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  organisationId: string;
  data: Record<string, unknown>;
}
