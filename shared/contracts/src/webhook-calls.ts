import { callEndpoint } from './call-endpoint';
import { webhookEndpoints as ep } from './endpoints/webhook-endpoints';
import type { CreateWebhookRequest, UpdateWebhookRequest } from './webhooks';

// The caller's organisation's webhooks (issue 22). Each call resolves with the success body or
// `{ errorMessage }` (see @portal/request).

export const listWebhooks = () => callEndpoint(ep.listWebhooks, {});

export const createWebhook = (body: CreateWebhookRequest) => callEndpoint(ep.createWebhook, { body });

export const updateWebhook = (webhookId: string, body: UpdateWebhookRequest) => callEndpoint(ep.updateWebhook, { params: { webhookId }, body });

export const deleteWebhook = (webhookId: string) => callEndpoint(ep.deleteWebhook, { params: { webhookId } });

export const listWebhookDeliveries = (webhookId: string) => callEndpoint(ep.listWebhookDeliveries, { params: { webhookId } });

export const resendWebhookDelivery = (webhookId: string, deliveryId: string) => callEndpoint(ep.resendWebhookDelivery, { params: { webhookId, deliveryId } });
