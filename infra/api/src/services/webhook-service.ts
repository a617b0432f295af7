import crypto from 'node:crypto';
import {
  WEBHOOK_MESSAGES,
  WEBHOOKS_PER_ORGANISATION,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
} from '@portal/contracts';
import type { Db } from '@portal/db';
import type { OutboundPolicy } from '@portal/outbound-guard';
import { seal } from '../identity/secret-box';
import { generateWebhookSecret } from '../identity/webhook-signature';
import {
  countWebhooks,
  deleteWebhook,
  findWebhook,
  insertResend,
  insertWebhook,
  listDeliveries,
  updateWebhook,
  type DeliveryRow,
  type WebhookRow,
} from '../repositories/webhooks-repository';
import { HttpError, notFound } from './errors';
import type { AuthContext } from './identity-service';

export interface WebhookDeps {
  db: Db;
  jwtSecret: string;
  /** The server's one outbound rule: any https host for a webhook, never a private address unless configured. */
  outbound: OutboundPolicy;
}

/** The sealed secret is bound to the endpoint's id: moved to another row, it does not open. */
export const webhookSecretContext = (endpointId: string) => `webhook:${endpointId}`;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  createdAt: new Date(row.createdAt).toISOString(),
});

export const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  ...row,
  nextAttemptAt: iso(row.nextAttemptAt),
  lastAttemptAt: iso(row.lastAttemptAt),
  createdAt: new Date(row.createdAt).toISOString(),
});

/** Refused before it is stored: the same rule the sender applies on every connection. */
function assertAllowedUrl(outbound: OutboundPolicy, url: string): void {
  if (!outbound.allows(url, 'webhook')) throw new HttpError(400, WEBHOOK_MESSAGES.urlRefused);
}

export async function createWebhook(deps: WebhookDeps, auth: AuthContext, input: CreateWebhookRequest): Promise<{ webhook: Webhook; secret: string }> {
  assertAllowedUrl(deps.outbound, input.url);
  const id = crypto.randomUUID();
  const secret = generateWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    // Serialised per organisation, so two creations at once cannot both pass the cap.
    await tx.query('select id from organisations where id = $1 for update', [auth.organisationId]);
    if ((await countWebhooks(tx, auth.organisationId)) >= WEBHOOKS_PER_ORGANISATION) throw new HttpError(409, WEBHOOK_MESSAGES.tooMany);
    return insertWebhook(tx, {
      id,
      organisationId: auth.organisationId,
      url: input.url,
      description: input.description ?? '',
      events: input.events,
      secretSealed: seal(deps.jwtSecret, Buffer.from(secret, 'utf8'), webhookSecretContext(id)),
      createdBy: auth.userId,
    });
  });
  return { webhook: toWebhook(row), secret };
}

export async function changeWebhook(deps: WebhookDeps, auth: AuthContext, id: string, change: UpdateWebhookRequest): Promise<Webhook> {
  if (change.url !== undefined) assertAllowedUrl(deps.outbound, change.url);
  const row = await updateWebhook(deps.db, auth.organisationId, id, change);
  if (!row) throw notFound();
  return toWebhook(row);
}

export async function removeWebhook(db: Db, auth: AuthContext, id: string): Promise<Webhook> {
  const row = await deleteWebhook(db, auth.organisationId, id);
  if (!row) throw notFound();
  return toWebhook(row);
}

/** The endpoint must be the caller's organisation's; anyone else's answers 404. */
async function ownWebhook(db: Db, auth: AuthContext, id: string): Promise<WebhookRow> {
  const row = await findWebhook(db, auth.organisationId, id);
  if (!row) throw notFound();
  return row;
}

export async function webhookDeliveries(db: Db, auth: AuthContext, id: string): Promise<WebhookDelivery[]> {
  const webhook = await ownWebhook(db, auth, id);
  return (await listDeliveries(db, webhook.id)).map(toDelivery);
}

export async function resendDelivery(db: Db, auth: AuthContext, id: string, deliveryId: string): Promise<WebhookDelivery> {
  const webhook = await ownWebhook(db, auth, id);
  const delivery = await insertResend(db, webhook.id, deliveryId);
  if (!delivery) throw notFound();
  return toDelivery(delivery);
}
