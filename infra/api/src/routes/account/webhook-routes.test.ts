import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createdWebhookSchema, WEBHOOK_MESSAGES, webhookDeliveryListSchema } from '@portal/contracts';
import { insertTenant } from '@portal/engine';
import { OutboundPolicy, type OutboundPolicyOptions } from '@portal/outbound-guard';
import type { ApiInstance } from '../../create-api';
import { findUserByUsername } from '../../repositories/users-repository';
import { createWebhookDispatcher, type WebhookDispatchOptions } from '../../services/webhook-dispatcher';
import { build, signinAs, TEST_JWT_SECRET, type Session } from '../../test/build';
import { call } from '../../test/calls';

// A receiver as an MSP would write it from infra/api/README.md ("Verifying a delivery") alone: raw
// body, HMAC-SHA256 of "<timestamp>.<body>" keyed with the whole secret, "v1=" + hex, compared in
// constant time, timestamp within 5 minutes.
function verifyDelivery(secret: string, headers: http.IncomingHttpHeaders, rawBody: Buffer, now = Date.now()): boolean {
  const timestamp = headers['x-portal-timestamp'];
  const signature = headers['x-portal-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > 5 * 60) return false;
  const expected = Buffer.from(`v1=${crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.concat([Buffer.from(`${timestamp}.`), rawBody])).digest('hex')}`);
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  body: { id: string; type: string; organisationId: string; data: Record<string, unknown> };
}

/** A loopback receiver; `answers` are the statuses it gives in turn (then 200). */
async function startReceiver(answers: number[] = []) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({ headers: request.headers, raw, body: JSON.parse(raw.toString('utf8')) });
      response.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
const receivers: Receiver[] = [];
afterEach(async () => {
  while (receivers.length) await receivers.pop()!.close();
});

/**
 * An API with its dispatcher's timer off, and a dispatcher pass the test runs when it wants; the
 * outbound rule is the server's (`outbound`, as OUTBOUND_ALLOWED_ORIGINS/NETWORKS would set it).
 */
async function appWith(outbound: OutboundPolicyOptions, dispatch: WebhookDispatchOptions = {}) {
  const app = await build({ backup: { outbound }, webhooks: { everyMs: 0 } });
  const dispatcher = createWebhookDispatcher({ db: app.apiDb, jwtSecret: TEST_JWT_SECRET, outbound: new OutboundPolicy(outbound) }, dispatch);
  return { app, runPass: dispatcher.runPass };
}

/** An API whose outbound guard lets webhooks reach a loopback receiver. */
async function appWithReceiver(answers: number[] = [], dispatch: WebhookDispatchOptions = {}) {
  const receiver = await startReceiver(answers);
  receivers.push(receiver);
  return { ...(await appWith({ origins: [receiver.origin], networks: ['127.0.0.0/8'] }, dispatch)), receiver };
}

async function createWebhook(app: ApiInstance, who: Session, body: object) {
  const { status, body: answer } = await call(app, who, 'POST', 'api/webhooks', body);
  expect({ status, errorMessage: answer.errorMessage }).toEqual({ status: 201, errorMessage: undefined });
  return createdWebhookSchema.parse(answer);
}

const organisationOf = async (app: ApiInstance, username: string) => (await findUserByUsername(app.apiDb, username))!.organisationId;

async function raiseAlert(app: ApiInstance, username: string, message: string): Promise<string> {
  const { rows } = await app.apiDb.query<{ id: string }>(
    "insert into alerts (severity, source, message, organisation_id) values ('error', 'test', $1, $2) returning id::text as id",
    [message, await organisationOf(app, username)],
  );
  return rows[0].id;
}

async function deliveries(app: ApiInstance, who: Session, webhookId: string) {
  const { status, body } = await call(app, who, 'GET', `api/webhooks/${webhookId}/deliveries`);
  expect(status).toBe(200);
  return webhookDeliveryListSchema.parse(body).items;
}

describe('webhooks', () => {
  it('sign every delivery so that a receiver written from the documentation verifies it', async () => {
    const { app, receiver, runPass } = await appWithReceiver();
    const { customer } = await signinAs(app, ['customer']);
    const { secret, webhook } = await createWebhook(app, customer, { url: `${receiver.origin}/hooks/portal`, events: ['alert.raised', 'alert.resolved'], description: 'PSA' });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify((await call(app, customer, 'GET', 'api/webhooks')).body)).not.toContain(secret);

    const alertId = await raiseAlert(app, 'customer', 'Disk full');
    await runPass();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(verifyDelivery(secret, delivery.headers, delivery.raw)).toBe(true);
    expect(delivery.headers['x-portal-event']).toBe('alert.raised');
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.body).toMatchObject({ type: 'alert.raised', organisationId: await organisationOf(app, 'customer'), data: { alertId, message: 'Disk full', severity: 'error' } });

    // The receiver's check can fail: another secret, a changed body, an old timestamp.
    expect(verifyDelivery(`${secret}x`, delivery.headers, delivery.raw)).toBe(false);
    expect(verifyDelivery(secret, delivery.headers, Buffer.from(delivery.raw.toString().replace('Disk full', 'Disk fine')))).toBe(false);
    expect(verifyDelivery(secret, delivery.headers, delivery.raw, Date.now() + 6 * 60 * 1000)).toBe(false);

    const [listed] = await deliveries(app, customer, webhook.id);
    expect(listed).toMatchObject({ id: delivery.headers['x-portal-delivery'], eventId: delivery.body.id, eventType: 'alert.raised', status: 'succeeded', attempts: 1, responseStatus: 200, responseBody: 'thanks', error: null });

    // Resolved: a second event; an event type it did not subscribe to is not sent.
    await call(app, customer, 'POST', `api/alerts/${alertId}/resolve`);
    await app.apiDb.query("insert into backup_jobs (organisation_id, type, status, title) values ($1, 'backup', 'running', 'Nightly')", [await organisationOf(app, 'customer')]);
    await app.apiDb.query("update backup_jobs set status = 'failed', error_message = 'Graph said no' where title = 'Nightly'");
    await runPass();
    // The failed job is not subscribed to, but its alert (migration 061) is. Deliveries of one pass
    // go out together, so they may arrive in any order.
    const later = receiver.received.slice(1);
    expect(later.map((r) => r.body.type).sort()).toEqual(['alert.raised', 'alert.resolved']);
    expect(later.find((r) => r.body.type === 'alert.raised')?.body.data.message).toMatch(/Nightly/);
    expect(later.every((r) => verifyDelivery(secret, r.headers, r.raw))).toBe(true);
  });

  it('tell an organisation about every event type of its subtree, never of another tenant', async () => {
    const { app, receiver, runPass } = await appWithReceiver();
    const { customer, partner, customer2 } = await signinAs(app, ['customer', 'partner', 'customer2']);
    const all = ['job.finished', 'job.failed', 'alert.raised', 'alert.resolved', 'ticket.created', 'ticket.answered', 'tenant.consent_lost'];
    const partnerHook = await createWebhook(app, partner, { url: `${receiver.origin}/partner`, events: all });
    const customerOrg = await organisationOf(app, 'customer');

    await app.apiDb.query("insert into backup_jobs (organisation_id, type, status, title) values ($1, 'backup', 'running', 'A'), ($1, 'restore', 'running', 'B')", [customerOrg]);
    await app.apiDb.query("update backup_jobs set status = case when title = 'A' then 'succeeded' else 'failed' end");
    const ticket = await call<{ id: string }>(app, customer, 'POST', 'support/create', { userId: customer.userId, subject: 'Help', description: 'Restore is slow' });
    expect(ticket.status).toBe(201);
    expect((await call(app, partner, 'POST', `support/tickets/${ticket.body.id}/replies`, { body: 'Looking at it' })).status).toBe(201);
    const tenant = await insertTenant(app.apiDb, TEST_JWT_SECRET, {
      organisationId: customerOrg,
      name: 'Contoso',
      credentials: { tenantId: 't', clientId: 'c', clientSecret: 's', graphBaseUrl: 'https://graph.microsoft.com' },
    });
    await app.apiDb.query('update backup_tenants set consent_lost = true where id = $1', [tenant.id]);
    // Another partner's customer: nothing for this partner.
    await raiseAlert(app, 'customer2', 'Not yours');
    expect((await call(app, customer2, 'GET', `api/webhooks/${partnerHook.webhook.id}/deliveries`)).status).toBe(404);

    await runPass();
    const types = receiver.received.map((r) => r.body.type).sort();
    // The consent loss raises its own alert too (migration 091), and the job failure another.
    expect(types).toEqual(['alert.raised', 'alert.raised', 'job.failed', 'job.finished', 'tenant.consent_lost', 'ticket.answered', 'ticket.created']);
    expect(receiver.received.every((r) => r.body.organisationId === customerOrg)).toBe(true);
    expect(receiver.received.every((r) => verifyDelivery(partnerHook.secret, r.headers, r.raw))).toBe(true);
  });

  it('retry a failed delivery with backoff, list each answer, and re-send on request', async () => {
    const { app, receiver, runPass } = await appWithReceiver([500]);
    const { customer } = await signinAs(app, ['customer']);
    const { webhook, secret } = await createWebhook(app, customer, { url: `${receiver.origin}/flaky`, events: ['alert.raised'] });
    await raiseAlert(app, 'customer', 'Flaky');
    await runPass();
    let [first] = await deliveries(app, customer, webhook.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, responseBody: 'thanks', error: 'HTTP 500' });
    const wait = (Date.parse(first.nextAttemptAt!) - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(25);
    expect(wait).toBeLessThanOrEqual(34);
    // Not due yet: a pass sends nothing.
    await runPass();
    expect(receiver.received).toHaveLength(1);

    await app.apiDb.query('update webhook_deliveries set next_attempt_at = now() where id = $1', [first.id]);
    await runPass();
    [first] = await deliveries(app, customer, webhook.id);
    expect(first).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 200, error: null, nextAttemptAt: null });
    expect(receiver.received.map((r) => r.headers['x-portal-delivery'])).toEqual([first.id, first.id]);

    const resent = await call<{ delivery: { id: string; resendOf: string } }>(app, customer, 'POST', `api/webhooks/${webhook.id}/deliveries/${first.id}/resend`);
    expect(resent).toMatchObject({ status: 202, body: { message: WEBHOOK_MESSAGES.resent, delivery: { resendOf: first.id, status: 'pending' } } });
    await runPass();
    const third = receiver.received[2];
    expect(third.headers['x-portal-delivery']).toBe(resent.body.delivery.id);
    expect(third.body.id).toBe(receiver.received[0].body.id);
    expect(verifyDelivery(secret, third.headers, third.raw)).toBe(true);
    expect((await deliveries(app, customer, webhook.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('keep finished deliveries for 30 days, then delete them and their events; a pending delivery stays until it ends', async () => {
    const { app, receiver } = await appWithReceiver();
    // Its own dispatcher, pruning on every pass.
    const prune = createWebhookDispatcher(
      { db: app.apiDb, jwtSecret: TEST_JWT_SECRET, outbound: new OutboundPolicy({ origins: [receiver.origin], networks: ['127.0.0.0/8'] }) },
      { pruneEveryMs: 0 },
    ).runPass;
    const { customer: who } = await signinAs(app, ['customer']);
    const webhook = await createWebhook(app, who, { url: `${receiver.origin}/hook`, events: ['alert.raised'] });
    for (const message of ['old and done', 'recent and done', 'old and pending']) await raiseAlert(app, 'customer', message);
    await prune();
    const stored = async () => (await app.apiDb.query<{ message: string; status: string }>(
      `select e.data->>'message' as message, d.status from webhook_deliveries d join webhook_events e on e.id = d.event_id
       where d.endpoint_id = $1 order by message`,
      [webhook.webhook.id],
    )).rows;
    expect((await stored()).map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    const age = (message: string, days: number) =>
      app.apiDb.query(
        `with e as (update webhook_events set created_at = now() - make_interval(days => $2) where data->>'message' = $1 returning id)
         update webhook_deliveries set created_at = now() - make_interval(days => $2) where event_id in (select id from e)`,
        [message, days],
      );
    await age('old and done', 31);
    await age('recent and done', 29);
    await age('old and pending', 31);
    await app.apiDb.query(`update webhook_deliveries d set status = 'pending', next_attempt_at = now() + interval '1 hour' from webhook_events e where e.id = d.event_id and e.data->>'message' = 'old and pending'`);
    await prune();
    expect(await stored()).toEqual([
      { message: 'old and pending', status: 'pending' },
      { message: 'recent and done', status: 'succeeded' },
    ]);
    const { rows } = await app.apiDb.query<{ message: string }>(`select data->>'message' as message from webhook_events where type = 'alert.raised' order by message`);
    expect(rows.map((r) => r.message)).toEqual(expect.not.arrayContaining(['old and done']));
    expect(rows.map((r) => r.message)).toEqual(expect.arrayContaining(['old and pending', 'recent and done']));
  });

  it('give up after the last attempt', async () => {
    const { app, receiver, runPass } = await appWithReceiver([503, 503], { maxAttempts: 2 });
    const { customer } = await signinAs(app, ['customer']);
    const { webhook } = await createWebhook(app, customer, { url: `${receiver.origin}/down`, events: ['alert.raised'] });
    await raiseAlert(app, 'customer', 'Down');
    await runPass();
    await app.apiDb.query('update webhook_deliveries set next_attempt_at = now()');
    await runPass();
    const [delivery] = await deliveries(app, customer, webhook.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 2, responseStatus: 503, nextAttemptAt: null });
  });

  it('go through the outbound guard: plain http, loopback and private addresses are refused, on saving and on connecting', async () => {
    const { app, runPass } = await appWith({});
    const { customer } = await signinAs(app, ['customer']);
    for (const url of ['http://hooks.example.com/x', 'https://127.0.0.1/x', 'https://[::1]/x', 'https://10.1.2.3/x', 'https://169.254.169.254/latest', 'https://user:pw@hooks.example.com/']) {
      const { status, body } = await call(app, customer, 'POST', 'api/webhooks', { url, events: ['alert.raised'] });
      expect({ url, status, body }).toEqual({ url, status: 400, body: { errorMessage: WEBHOOK_MESSAGES.urlRefused } });
    }
    for (const [body, message] of [
      [{ url: 'not a url', events: ['alert.raised'] }, WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'https://hooks.example.com', events: [] }, WEBHOOK_MESSAGES.eventsRequired],
      [{ url: 'https://hooks.example.com', events: ['job.exploded'] }, expect.stringContaining('events must be among')],
    ] as const) {
      expect((await call(app, customer, 'POST', 'api/webhooks', body)).body).toEqual({ errorMessage: message });
    }
    // A name is judged by the addresses it resolves to, when the delivery connects.
    const { webhook } = await createWebhook(app, customer, { url: 'https://localhost:4443/hook', events: ['alert.raised'] });
    await raiseAlert(app, 'customer', 'Refused');
    await runPass();
    const [delivery] = await deliveries(app, customer, webhook.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, responseStatus: null, error: 'localhost is not an allowed address' });
    expect((await call(app, customer, 'PATCH', `api/webhooks/${webhook.id}`, { url: 'https://192.168.0.10/' })).status).toBe(400);
  });

  it("are the organisation's own: another tenant's webhook answers 404; a read-only user reads only", async () => {
    const { app, receiver, runPass } = await appWithReceiver();
    const { customer, customer2 } = await signinAs(app, ['customer', 'customer2']);
    const { webhook } = await createWebhook(app, customer, { url: `${receiver.origin}/own`, events: ['alert.raised'] });
    for (const [method, url, body] of [
      ['PATCH', `api/webhooks/${webhook.id}`, { enabled: false }],
      ['DELETE', `api/webhooks/${webhook.id}`, undefined],
      ['GET', `api/webhooks/${webhook.id}/deliveries`, undefined],
      ['POST', `api/webhooks/${webhook.id}/deliveries/${crypto.randomUUID()}/resend`, undefined],
    ] as const) {
      expect({ url, status: (await call(app, customer2, method, url, body)).status }).toEqual({ url, status: 404 });
    }
    expect((await call(app, customer2, 'GET', 'api/webhooks')).body).toEqual({ items: [] });
    expect((await call(app, customer, 'POST', `api/webhooks/${webhook.id}/deliveries/${crypto.randomUUID()}/resend`)).status).toBe(404);

    // Turned off, it gets nothing; deleted, it is gone.
    expect((await call(app, customer, 'PATCH', `api/webhooks/${webhook.id}`, { enabled: false })).body).toMatchObject({ webhook: { enabled: false } });
    await raiseAlert(app, 'customer', 'Quiet');
    await runPass();
    expect(receiver.received).toHaveLength(0);
    await app.apiDb.query("update users set access = 'read-only' where username = 'customer'");
    expect((await call(app, customer, 'DELETE', `api/webhooks/${webhook.id}`)).status).toBe(403);
    expect((await call(app, customer, 'GET', 'api/webhooks')).status).toBe(200);
  });
});
