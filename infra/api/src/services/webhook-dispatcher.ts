import type { WebhookPayload } from '@portal/contracts';
import { WEBHOOK_HEADERS } from '@portal/contracts';
import { createGuardedFetch, isOutboundRefusal, type GuardedFetch } from '@portal/outbound-guard';
import { open } from '../identity/secret-box';
import { signWebhook } from '../identity/webhook-signature';
import { claimDueDeliveries, fanOutEvents, pruneWebhookHistory, recordAttempt, type DueDelivery } from '../repositories/webhooks-repository';
import { runSerially } from './serial-task';
import { webhookSecretContext, type WebhookDeps } from './webhook-service';

export interface WebhookDispatchOptions {
  /** Dispatcher period in ms (default 5 s; 0 turns the timer off, passes then run only when called). */
  everyMs?: number;
  /** Attempts before a delivery fails for good (default 10). */
  maxAttempts?: number;
  /** First retry delay in seconds, doubled each attempt up to 6 hours (default 30). */
  retryBaseSeconds?: number;
  /** Per attempt, in ms (default 10 s). */
  timeoutMs?: number;
  /** Days a finished delivery stays listed (default 30); older ones and their events are deleted. */
  historyDays?: number;
  /** How often a pass also prunes the history, in ms (default 1 hour; the first pass always does). */
  pruneEveryMs?: number;
}

export const WEBHOOK_DISPATCH_DEFAULTS = { everyMs: 5000, maxAttempts: 10, retryBaseSeconds: 30, timeoutMs: 10_000, historyDays: 30, pruneEveryMs: 60 * 60 * 1000 } as const;
const RETRY_CAP_SECONDS = 6 * 60 * 60;
const RESPONSE_KEPT = 1000;
const BATCH = 20;

/** 30 s, 1 min, 2 min … up to 6 h, with up to 10 % jitter so failed receivers are not hit in step. */
export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  const delay = Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), RETRY_CAP_SECONDS);
  return Math.ceil(delay * (1 + Math.random() * 0.1));
}

/** The exact bytes that are signed and sent. */
export const webhookBody = (delivery: Pick<DueDelivery, 'eventId' | 'eventType' | 'eventCreatedAt' | 'organisationId' | 'data'>): string =>
  JSON.stringify({
    id: delivery.eventId,
    type: delivery.eventType,
    createdAt: new Date(delivery.eventCreatedAt).toISOString(),
    organisationId: delivery.organisationId,
    data: delivery.data,
  } satisfies WebhookPayload);

interface AttemptResult {
  ok: boolean;
  /** A refused address is not retried: it will not become allowed by waiting. */
  final: boolean;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
}

async function send(fetch: GuardedFetch, deps: WebhookDeps, delivery: DueDelivery, timeoutMs: number): Promise<AttemptResult> {
  const body = webhookBody(delivery);
  const timestamp = Math.floor(Date.now() / 1000);
  const secret = open(deps.jwtSecret, delivery.secretSealed, webhookSecretContext(delivery.endpointId)).toString('utf8');
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'CloudBackupPortal-Webhooks/1',
        [WEBHOOK_HEADERS.event]: delivery.eventType,
        [WEBHOOK_HEADERS.delivery]: delivery.id,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, body),
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = (await response.text().catch(() => '')).slice(0, RESPONSE_KEPT);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, final: false, responseStatus: response.status, responseBody: text, error: ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    if (isOutboundRefusal(error)) return { ok: false, final: true, responseStatus: null, responseBody: null, error: `${error.host} is not an allowed address` };
    const message = error instanceof Error ? (error.name === 'TimeoutError' ? `No answer within ${timeoutMs / 1000} s` : error.message) : String(error);
    return { ok: false, final: false, responseStatus: null, responseBody: null, error: message.slice(0, RESPONSE_KEPT) };
  }
}

/**
 * One pass: fans new events out to the subscribed endpoints, then sends what is due (first tries,
 * retries and re-sends), recording each answer. Passes of one database never overlap in a process;
 * across processes each delivery is claimed by one of them.
 */
export function createWebhookDispatcher(deps: WebhookDeps, options: WebhookDispatchOptions = {}) {
  const settings = { ...WEBHOOK_DISPATCH_DEFAULTS, ...options };
  const fetch = createGuardedFetch(deps.outbound, 'webhook');
  const leaseSeconds = Math.ceil(settings.timeoutMs / 1000) + 60;
  let prunedAt = -Infinity;
  const pass = async (): Promise<{ fannedOut: number; sent: number }> => {
    if (Date.now() - prunedAt >= settings.pruneEveryMs) {
      await pruneWebhookHistory(deps.db, settings.historyDays);
      prunedAt = Date.now();
    }
    const fannedOut = await fanOutEvents(deps.db);
    let sent = 0;
    for (;;) {
      const due = await claimDueDeliveries(deps.db, BATCH, leaseSeconds);
      if (due.length === 0) break;
      await Promise.all(
        due.map(async (delivery) => {
          const result = await send(fetch, deps, delivery, settings.timeoutMs);
          const giveUp = result.final || delivery.attempts >= settings.maxAttempts;
          await recordAttempt(deps.db, delivery.id, {
            status: result.ok ? 'succeeded' : giveUp ? 'failed' : 'pending',
            responseStatus: result.responseStatus,
            responseBody: result.responseBody,
            error: result.error,
            retryInSeconds: retryDelaySeconds(delivery.attempts, settings.retryBaseSeconds),
          });
        }),
      );
      sent += due.length;
    }
    return { fannedOut, sent };
  };
  return { everyMs: settings.everyMs, runPass: () => runSerially(deps.db, 'webhooks', pass) };
}
