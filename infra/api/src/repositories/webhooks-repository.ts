import type { WebhookEventType } from '@portal/contracts';
import type { Db, Queryable } from '@portal/db';

export interface WebhookRow {
  id: string;
  organisationId: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  secretSealed: string;
  enabled: boolean;
  createdAt: Date;
}

const ENDPOINT_COLUMNS = `id, organisation_id as "organisationId", url, description, events, secret_sealed as "secretSealed", enabled, created_at as "createdAt"`;

export async function listWebhooks(db: Queryable, organisationId: string): Promise<WebhookRow[]> {
  const { rows } = await db.query<WebhookRow>(`select ${ENDPOINT_COLUMNS} from webhook_endpoints where organisation_id = $1 order by created_at, id`, [organisationId]);
  return rows;
}

export async function findWebhook(db: Queryable, organisationId: string, id: string): Promise<WebhookRow | null> {
  const { rows } = await db.query<WebhookRow>(`select ${ENDPOINT_COLUMNS} from webhook_endpoints where organisation_id = $1 and id = $2`, [organisationId, id]);
  return rows[0] ?? null;
}

export async function countWebhooks(db: Queryable, organisationId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>('select count(*)::int as count from webhook_endpoints where organisation_id = $1', [organisationId]);
  return rows[0]?.count ?? 0;
}

export async function insertWebhook(
  db: Queryable,
  input: { id: string; organisationId: string; url: string; description: string; events: string[]; secretSealed: string; createdBy: string },
): Promise<WebhookRow> {
  const { rows } = await db.query<WebhookRow>(
    `insert into webhook_endpoints (id, organisation_id, url, description, events, secret_sealed, created_by)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${ENDPOINT_COLUMNS}`,
    [input.id, input.organisationId, input.url, input.description, input.events, input.secretSealed, input.createdBy],
  );
  return rows[0];
}

export async function updateWebhook(
  db: Queryable,
  organisationId: string,
  id: string,
  change: { url?: string; description?: string; events?: string[]; enabled?: boolean },
): Promise<WebhookRow | null> {
  const { rows } = await db.query<WebhookRow>(
    `update webhook_endpoints set url = coalesce($3, url), description = coalesce($4, description), events = coalesce($5, events),
            enabled = coalesce($6, enabled), updated_at = now()
     where organisation_id = $1 and id = $2 returning ${ENDPOINT_COLUMNS}`,
    [organisationId, id, change.url ?? null, change.description ?? null, change.events ?? null, change.enabled ?? null],
  );
  return rows[0] ?? null;
}

export async function deleteWebhook(db: Queryable, organisationId: string, id: string): Promise<WebhookRow | null> {
  const { rows } = await db.query<WebhookRow>(`delete from webhook_endpoints where organisation_id = $1 and id = $2 returning ${ENDPOINT_COLUMNS}`, [organisationId, id]);
  return rows[0] ?? null;
}

export interface DeliveryRow {
  id: string;
  eventId: string;
  eventType: WebhookEventType;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  resendOf: string | null;
  createdAt: Date;
}

const DELIVERY_SELECT = `
  select d.id, d.event_id as "eventId", e.type as "eventType", d.status, d.attempts,
         case when d.status = 'pending' then d.next_attempt_at end as "nextAttemptAt", d.last_attempt_at as "lastAttemptAt",
         d.response_status as "responseStatus", d.response_body as "responseBody", d.error, d.resend_of as "resendOf", d.created_at as "createdAt"
  from webhook_deliveries d join webhook_events e on e.id = d.event_id`;

export async function listDeliveries(db: Queryable, endpointId: string, limit = 50): Promise<DeliveryRow[]> {
  const { rows } = await db.query<DeliveryRow>(`${DELIVERY_SELECT} where d.endpoint_id = $1 order by d.created_at desc, d.id desc limit $2`, [endpointId, limit]);
  return rows;
}

/** A new delivery of the same event to the same endpoint, due now; null when there is no such delivery. */
export async function insertResend(db: Queryable, endpointId: string, deliveryId: string): Promise<DeliveryRow | null> {
  const { rows } = await db.query<{ id: string }>(
    `insert into webhook_deliveries (endpoint_id, event_id, resend_of)
     select endpoint_id, event_id, id from webhook_deliveries where endpoint_id = $1 and id = $2 returning id`,
    [endpointId, deliveryId],
  );
  if (!rows[0]) return null;
  return (await db.query<DeliveryRow>(`${DELIVERY_SELECT} where d.id = $1`, [rows[0].id])).rows[0];
}

/**
 * Turns the events not yet fanned out into one delivery per enabled endpoint subscribed to the type, of
 * the event's organisation or one above it (a partner hears about its customers, as its users see
 * them). Events nobody subscribed to are dropped. Several processes may run it: each event is claimed once.
 */
export async function fanOutEvents(db: Db, batch = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; matched: boolean }>(
      `with claimed as (
         update webhook_events set fanned_out_at = now()
         where id in (select id from webhook_events where fanned_out_at is null order by created_at limit $1 for update skip locked)
         returning id, organisation_id, type),
       inserted as (
         insert into webhook_deliveries (endpoint_id, event_id)
         select w.id, c.id from claimed c
         join organisations o on o.id = c.organisation_id
         join organisations owner on starts_with(o.path, owner.path)
         join webhook_endpoints w on w.organisation_id = owner.id and w.enabled and c.type = any (w.events)
         returning event_id)
       select c.id, exists (select 1 from inserted i where i.event_id = c.id) as matched from claimed c`,
      [batch],
    );
    const unmatched = rows.filter((row) => !row.matched).map((row) => row.id);
    if (unmatched.length) await tx.query('delete from webhook_events where id = any ($1::uuid[])', [unmatched]);
    return rows.length;
  });
}

/**
 * Keeps the delivery history bounded: finished deliveries (succeeded or failed for good) older than
 * `days` go, then the events no delivery refers to any more. A pending delivery stays until it ends,
 * and so does its event.
 */
export async function pruneWebhookHistory(db: Queryable, days: number): Promise<{ deliveries: number; events: number }> {
  const { rows: deliveries } = await db.query<{ count: number }>(
    `with gone as (delete from webhook_deliveries where status <> 'pending' and created_at < now() - make_interval(days => $1) returning 1)
     select count(*)::int as count from gone`,
    [days],
  );
  const { rows: events } = await db.query<{ count: number }>(
    `with gone as (
       delete from webhook_events e where e.fanned_out_at is not null and e.created_at < now() - make_interval(days => $1)
         and not exists (select 1 from webhook_deliveries d where d.event_id = e.id)
       returning 1)
     select count(*)::int as count from gone`,
    [days],
  );
  return { deliveries: deliveries[0].count, events: events[0].count };
}

export interface DueDelivery {
  id: string;
  attempts: number;
  url: string;
  endpointId: string;
  secretSealed: string;
  eventId: string;
  eventType: WebhookEventType;
  organisationId: string;
  data: Record<string, unknown>;
  eventCreatedAt: Date;
}

/**
 * Claims due deliveries for `leaseSeconds` (counted as an attempt), so a crashed sender's work
 * becomes due again and two processes never send the same attempt.
 */
export async function claimDueDeliveries(db: Queryable, limit: number, leaseSeconds: number): Promise<DueDelivery[]> {
  const { rows } = await db.query<DueDelivery>(
    `with due as (
       update webhook_deliveries set attempts = attempts + 1, last_attempt_at = now(), next_attempt_at = now() + make_interval(secs => $2)
       where id in (select id from webhook_deliveries where status = 'pending' and next_attempt_at <= now()
                    order by next_attempt_at limit $1 for update skip locked)
       returning id, attempts, endpoint_id, event_id)
     select due.id, due.attempts, w.url, w.id as "endpointId", w.secret_sealed as "secretSealed", e.id as "eventId", e.type as "eventType",
            e.organisation_id as "organisationId", e.data, e.created_at as "eventCreatedAt"
     from due join webhook_endpoints w on w.id = due.endpoint_id join webhook_events e on e.id = due.event_id`,
    [limit, leaseSeconds],
  );
  return rows;
}

/** The outcome of one attempt: done, failed for good, or due again after `retryInSeconds`. */
export async function recordAttempt(
  db: Queryable,
  id: string,
  outcome: { status: 'pending' | 'succeeded' | 'failed'; responseStatus: number | null; responseBody: string | null; error: string | null; retryInSeconds?: number },
): Promise<void> {
  await db.query(
    `update webhook_deliveries set status = $2, response_status = $3, response_body = $4, error = $5,
            next_attempt_at = case when $2 = 'pending' then now() + make_interval(secs => $6) else next_attempt_at end
     where id = $1`,
    [id, outcome.status, outcome.responseStatus, outcome.responseBody, outcome.error, outcome.retryInSeconds ?? 0],
  );
}
