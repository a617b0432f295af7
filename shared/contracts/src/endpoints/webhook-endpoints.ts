import { defineEndpoints } from '../endpoint';
import {
  createdWebhookSchema,
  createWebhookRequestSchema,
  resentDeliverySchema,
  updateWebhookRequestSchema,
  webhookAnswerSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookIdParamsSchema,
  webhookListSchema,
} from '../webhooks';

const tag = 'Webhooks';
// Every role configures its own organisation's webhooks; a read-only user only reads them.
const session = { kind: 'session' } as const;

/** The caller's organisation's webhook endpoints and their deliveries. */
export const webhookEndpoints = defineEndpoints({
  listWebhooks: {
    method: 'GET', path: '/api/webhooks', tag, access: session, summary: "The caller's organisation's webhook endpoints",
    response: { status: 200, schema: webhookListSchema },
  },
  createWebhook: {
    method: 'POST', path: '/api/webhooks', tag, access: session, summary: 'Register an HTTPS endpoint for events; the answer is the only time its signing secret is shown',
    body: createWebhookRequestSchema, response: { status: 201, schema: createdWebhookSchema },
  },
  updateWebhook: {
    method: 'PATCH', path: '/api/webhooks/:webhookId', tag, access: session, summary: "Change a webhook's address, events, description or whether it is on",
    params: webhookIdParamsSchema, body: updateWebhookRequestSchema, response: { status: 200, schema: webhookAnswerSchema },
  },
  deleteWebhook: {
    method: 'DELETE', path: '/api/webhooks/:webhookId', tag, access: session, summary: 'Delete a webhook and its deliveries',
    params: webhookIdParamsSchema, response: { status: 200, schema: webhookAnswerSchema },
  },
  listWebhookDeliveries: {
    method: 'GET', path: '/api/webhooks/:webhookId/deliveries', tag, access: session, summary: "A webhook's latest 50 deliveries with the receiver's answers",
    params: webhookIdParamsSchema, response: { status: 200, schema: webhookDeliveryListSchema },
  },
  resendWebhookDelivery: {
    method: 'POST', path: '/api/webhooks/:webhookId/deliveries/:deliveryId/resend', tag, access: session, summary: 'Send a delivery again (a new delivery of the same event)',
    params: webhookDeliveryParamsSchema, response: { status: 202, schema: resentDeliverySchema },
  },
});
