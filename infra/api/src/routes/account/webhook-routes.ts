import { WEBHOOK_MESSAGES } from '@portal/contracts';
import { webhookEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { listWebhooks } from '../../repositories/webhooks-repository';
import { changeWebhook, createWebhook, removeWebhook, resendDelivery, toWebhook, webhookDeliveries } from '../../services/webhook-service';
import { auditRequest } from '../audit-request';

/** The caller's organisation's webhook endpoints and their deliveries. */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const { db, jwtSecret, engine } = app.services;
  const deps = { db, jwtSecret, outbound: engine.outbound };

  registerEndpoint(app, ep.listWebhooks, async ({ auth }) => ({ items: (await listWebhooks(db, auth.organisationId)).map(toWebhook) }));

  registerEndpoint(app, ep.createWebhook, async ({ auth, request, body }) => {
    const { webhook, secret } = await createWebhook(deps, auth, body);
    await auditRequest(db, request, { action: 'webhook.created', target: webhook.url, detail: { events: webhook.events } });
    return { message: WEBHOOK_MESSAGES.created, webhook, secret };
  });

  registerEndpoint(app, ep.updateWebhook, async ({ auth, request, params, body }) => {
    const webhook = await changeWebhook(deps, auth, params.webhookId, body);
    await auditRequest(db, request, { action: 'webhook.updated', target: webhook.url, detail: { changed: Object.keys(body) } });
    return { message: WEBHOOK_MESSAGES.updated, webhook };
  });

  registerEndpoint(app, ep.deleteWebhook, async ({ auth, request, params }) => {
    const webhook = await removeWebhook(db, auth, params.webhookId);
    await auditRequest(db, request, { action: 'webhook.deleted', target: webhook.url });
    return { message: WEBHOOK_MESSAGES.deleted, webhook };
  });

  registerEndpoint(app, ep.listWebhookDeliveries, async ({ auth, params }) => ({ items: await webhookDeliveries(db, auth, params.webhookId) }));

  registerEndpoint(app, ep.resendWebhookDelivery, async ({ auth, params }) => ({
    message: WEBHOOK_MESSAGES.resent,
    delivery: await resendDelivery(db, auth, params.webhookId, params.deliveryId),
  }));
}
