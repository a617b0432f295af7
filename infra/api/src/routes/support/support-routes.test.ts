import { feedbackPageSchema, ticketDetailSchema, ticketPageSchema, ticketSummarySchema, type TicketDetail, type TicketPage } from '@portal/contracts';
import { listOutbox } from '../../repositories/outbox-repository';
import { createUser } from '../../services/identity-service';
import { createOrganisation } from '../../services/tenancy-service';
import { findOrganisationByName } from '../../repositories/organisations-repository';
import type { ApiInstance } from '../../create-api';
import { build, signin, signinAs } from '../../test/build';

type Session = Awaited<ReturnType<typeof signin>>;

async function raise(app: ApiInstance, who: Session, subject = 'Backup failed', description = 'The nightly backup failed.') {
  return app.inject({ method: 'POST', url: '/backend/support/create', headers: who.headers, payload: { userId: who.userId, subject, description } });
}

async function raiseOk(app: ApiInstance, who: Session, subject?: string, description?: string) {
  const response = await raise(app, who, subject, description);
  expect(response.statusCode).toBe(201);
  return ticketSummarySchema.parse(response.json());
}

async function list(app: ApiInstance, who: Session, query = ''): Promise<TicketPage> {
  const response = await app.inject({ method: 'GET', url: `/backend/support/tickets${query}`, headers: who.headers });
  expect(response.statusCode).toBe(200);
  return ticketPageSchema.parse(response.json());
}

/** A second customer under the direct partner: a tenant the partner must never see. */
async function otherCustomer(app: ApiInstance): Promise<Session> {
  const directPartner = await findOrganisationByName(app.apiDb, 'Demo Direct Partner');
  const org = await createOrganisation(app.apiDb, { name: 'Other Customer', kind: 'CUSTOMER', parentId: directPartner!.id });
  await createUser(app.apiDb, {
    organisationId: org.id,
    username: 'othercustomer',
    email: 'other@demo.example',
    password: 'Portal#2026',
    firstName: 'Olga',
    lastName: 'Other',
    role: 'CUSTOMER',
  });
  return signin(app, 'othercustomer');
}

describe('POST /backend/support/create validation', () => {
  it('answers the same messages as the form: required, character limit, and 404 for another userId', async () => {
    const app = await build();
    const { customer, partner } = await signinAs(app, ['customer', 'partner']);

    const empty = await app.inject({ method: 'POST', url: '/backend/support/create', headers: customer.headers, payload: { userId: customer.userId, subject: ' ', description: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ errorMessage: 'Subject is required; Description is required' });

    const missing = await app.inject({ method: 'POST', url: '/backend/support/create', headers: customer.headers, payload: { userId: customer.userId } });
    expect(missing.json().errorMessage).toBe('Subject is required; Description is required');

    const tooLong = await raise(app, customer, 's'.repeat(101), 'd'.repeat(500));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ errorMessage: 'Character Limit Exceeded' });
    const descTooLong = await raise(app, customer, 's'.repeat(100), 'd'.repeat(501));
    expect(descTooLong.json()).toEqual({ errorMessage: 'Character Limit Exceeded' });
    expect((await raise(app, customer, 's'.repeat(100), 'd'.repeat(500))).statusCode).toBe(201);

    const someoneElse = await app.inject({ method: 'POST', url: '/backend/support/create', headers: customer.headers, payload: { userId: partner.userId, subject: 'x', description: 'y' } });
    expect(someoneElse.statusCode).toBe(404);
    expect(someoneElse.json()).toEqual({ errorMessage: 'Not found' });

    const anonymous = await app.inject({ method: 'POST', url: '/backend/support/create', payload: { userId: customer.userId, subject: 'x', description: 'y' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('ticket routing and workflow', () => {
  it.each([
    ['customer', 'Demo Partner'],
    ['partner', 'Demo Provider'],
    ['directpartner', 'Demo Provider'],
    ['directcustomer', 'Demo Provider'],
    ['admin', 'Demo Provider'],
  ])("routes a %s's ticket to %s", async (username, handler) => {
    const app = await build();
    const author = await signin(app, username);
    const ticket = await raiseOk(app, author);
    expect(ticket).toMatchObject({ status: 'open', handlerOrganisationName: handler, replyCount: 0, author: { userId: author.userId } });
    const contact = await app.inject({ method: 'GET', url: '/backend/support/contact', headers: author.headers });
    expect(contact.json()).toEqual({ organisationName: handler, email: null, sameOrganisation: username === 'admin' });
  });

  it('customer raises, partner answers and sets a status, the customer sees the answer; e-mail goes to the other side', async () => {
    const app = await build();
    const { customer, partner } = await signinAs(app, ['customer', 'partner']);
    const ticket = await raiseOk(app, customer, 'Restore is slow', 'Restoring a mailbox takes hours.');

    let outbox = await listOutbox(app.apiDb);
    expect(outbox.find((m) => m.to === 'partner@demo.example')?.subject).toBe(`New support ticket [Ticket #${ticket.number}] Restore is slow`);

    expect((await list(app, partner)).items.map((t) => t.id)).toContain(ticket.id);

    const answer = await app.inject({ method: 'POST', url: `/backend/support/tickets/${ticket.id}/replies`, headers: partner.headers, payload: { body: 'We are looking into it.' } });
    expect(answer.statusCode).toBe(201);
    const afterAnswer = ticketDetailSchema.parse(answer.json());
    expect(afterAnswer.status).toBe('in_progress');
    expect(afterAnswer.replyCount).toBe(1);

    outbox = await listOutbox(app.apiDb);
    const toCustomer = outbox.find((m) => m.to === 'customer@demo.example');
    expect(toCustomer?.subject).toBe(`New reply on [Ticket #${ticket.number}] Restore is slow`);
    expect(toCustomer?.text).toContain('We are looking into it.');

    const waiting = await app.inject({ method: 'PATCH', url: `/backend/support/tickets/${ticket.id}`, headers: partner.headers, payload: { status: 'waiting_for_customer' } });
    expect(waiting.statusCode).toBe(200);

    const seen = await app.inject({ method: 'GET', url: `/backend/support/tickets/${ticket.id}`, headers: customer.headers });
    const detail: TicketDetail = ticketDetailSchema.parse(seen.json());
    expect(detail.status).toBe('waiting_for_customer');
    expect(detail.conversation.map((e) => [e.kind, e.author.name, e.fromSupport, e.body ?? e.status])).toEqual([
      ['reply', 'Paula Partner', true, 'We are looking into it.'],
      ['status', 'Paula Partner', true, 'waiting_for_customer'],
    ]);
    expect(detail.permissions).toEqual({ reply: true, statuses: ['closed'], delete: true });

    // The requester's answer hands it back to support and mails the partner.
    const back = await app.inject({ method: 'POST', url: `/backend/support/tickets/${ticket.id}/replies`, headers: customer.headers, payload: { body: 'Here are the logs.' } });
    expect(ticketDetailSchema.parse(back.json()).status).toBe('in_progress');
    outbox = await listOutbox(app.apiDb);
    expect(outbox.filter((m) => m.to === 'partner@demo.example').map((m) => m.subject)).toContain(`New reply on [Ticket #${ticket.number}] Restore is slow`);

    // The requester may not set support statuses, but may close.
    const resolveByCustomer = await app.inject({ method: 'PATCH', url: `/backend/support/tickets/${ticket.id}`, headers: customer.headers, payload: { status: 'resolved' } });
    expect(resolveByCustomer.statusCode).toBe(403);
    expect(resolveByCustomer.json()).toEqual({ errorMessage: 'You cannot set this status' });
    const close = await app.inject({ method: 'PATCH', url: `/backend/support/tickets/${ticket.id}`, headers: customer.headers, payload: { status: 'closed' } });
    expect(ticketDetailSchema.parse(close.json()).permissions).toEqual({ reply: false, statuses: ['open'], delete: true });
    const replyClosed = await app.inject({ method: 'POST', url: `/backend/support/tickets/${ticket.id}/replies`, headers: partner.headers, payload: { body: 'late' } });
    expect(replyClosed.statusCode).toBe(409);
    expect(replyClosed.json()).toEqual({ errorMessage: 'This ticket is closed' });

    const badStatus = await app.inject({ method: 'PATCH', url: `/backend/support/tickets/${ticket.id}`, headers: partner.headers, payload: { status: 'done' } });
    expect(badStatus.statusCode).toBe(400);
    const emptyReply = await app.inject({ method: 'POST', url: `/backend/support/tickets/${ticket.id}/replies`, headers: partner.headers, payload: { body: '  ' } });
    expect(emptyReply.json()).toEqual({ errorMessage: 'Reply is required' });
  });
});

describe('isolation between tenants', () => {
  it('answers 404 for tickets outside the subtree, whatever the call', async () => {
    const app = await build();
    const { customer, partner, directpartner, admin, directcustomer } = await signinAs(app, ['customer', 'partner', 'directpartner', 'admin', 'directcustomer']);
    const other = await otherCustomer(app);

    const mine = await raiseOk(app, customer);
    const theirs = await raiseOk(app, other, 'Other tenant', 'Secret');

    expect((await list(app, directpartner)).items.map((t) => t.id)).toEqual([theirs.id]);
    expect((await list(app, partner)).items.map((t) => t.id)).toEqual([mine.id]);
    expect((await list(app, directcustomer)).total).toBe(0);
    expect((await list(app, admin)).total).toBe(2);

    for (const [who, id] of [
      [partner, theirs.id],
      [customer, theirs.id],
      [other, mine.id],
      [directpartner, mine.id],
      [directcustomer, mine.id],
    ] as const) {
      const calls = [
        app.inject({ method: 'GET', url: `/backend/support/tickets/${id}`, headers: who.headers }),
        app.inject({ method: 'POST', url: `/backend/support/tickets/${id}/replies`, headers: who.headers, payload: { body: 'hi' } }),
        app.inject({ method: 'PATCH', url: `/backend/support/tickets/${id}`, headers: who.headers, payload: { status: 'closed' } }),
        app.inject({ method: 'DELETE', url: `/backend/support/users/${who.userId}/tickets/${id}`, headers: who.headers }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ errorMessage: 'Not found' });
      }
    }
    // The admin oversees the whole tree.
    expect((await app.inject({ method: 'GET', url: `/backend/support/tickets/${theirs.id}`, headers: admin.headers })).statusCode).toBe(200);
  });
});

describe('DELETE /backend/support/users/:userId/tickets/:ticketId', () => {
  it('lets only the author delete, with their own userId in the path', async () => {
    const app = await build();
    const { customer, partner } = await signinAs(app, ['customer', 'partner']);
    const ticket = await raiseOk(app, customer);

    const byHandler = await app.inject({ method: 'DELETE', url: `/backend/support/users/${partner.userId}/tickets/${ticket.id}`, headers: partner.headers });
    expect(byHandler.statusCode).toBe(403);
    expect(byHandler.json()).toEqual({ errorMessage: 'Only the author can delete this ticket' });
    const wrongPath = await app.inject({ method: 'DELETE', url: `/backend/support/users/${customer.userId}/tickets/${ticket.id}`, headers: partner.headers });
    expect(wrongPath.statusCode).toBe(404);

    const ok = await app.inject({ method: 'DELETE', url: `/backend/support/users/${customer.userId}/tickets/${ticket.id}`, headers: customer.headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Ticket deleted.' });
    const again = await app.inject({ method: 'DELETE', url: `/backend/support/users/${customer.userId}/tickets/${ticket.id}`, headers: customer.headers });
    expect(again.statusCode).toBe(404);
    expect((await list(app, partner)).total).toBe(0);
  });
});

describe('GET /backend/support/tickets query', () => {
  it('searches, filters, sorts and pages with totals', async () => {
    const app = await build();
    const { customer, partner } = await signinAs(app, ['customer', 'partner']);
    for (let i = 1; i <= 12; i++) await raiseOk(app, customer, `Ticket ${String(i).padStart(2, '0')}`, i % 3 === 0 ? 'exchange mailbox 100% full' : 'onedrive');
    const page2 = await list(app, partner, '?sort=subject&page=2&pageSize=5');
    expect(page2).toMatchObject({ total: 12, page: 2, pageSize: 5 });
    expect(page2.items.map((t) => t.subject)).toEqual(['Ticket 06', 'Ticket 07', 'Ticket 08', 'Ticket 09', 'Ticket 10']);
    expect((await list(app, partner, '?sort=-subject&pageSize=1')).items[0].subject).toBe('Ticket 12');
    expect((await list(app, partner, '?sort=-createdAt&pageSize=1')).items[0].subject).toBe('Ticket 12');
    expect((await list(app, partner, '?sort=createdAt&pageSize=1')).items[0].subject).toBe('Ticket 01');

    const search = await list(app, partner, `?q=${encodeURIComponent('100%')}`);
    expect(search.total).toBe(4);
    expect((await list(app, partner, '?q=CHRIS')).total).toBe(12);
    expect((await list(app, partner, '?q=nothing-like-this')).total).toBe(0);

    const first = (await list(app, partner, '?sort=createdAt&pageSize=1')).items[0];
    await app.inject({ method: 'PATCH', url: `/backend/support/tickets/${first.id}`, headers: partner.headers, payload: { status: 'resolved' } });
    expect((await list(app, partner, '?status=resolved')).items.map((t) => t.id)).toEqual([first.id]);
    expect((await list(app, partner, '?status=open,in_progress')).total).toBe(11);
    expect((await list(app, customer, '?author=me')).total).toBe(12);
    expect((await list(app, partner, '?author=me')).total).toBe(0);
    expect((await list(app, partner, `?q=%23${first.number}`)).items.map((t) => t.id)).toEqual([first.id]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(app, partner, `?from=${today}&to=${today}`)).total).toBe(12);
    expect((await list(app, partner, '?to=2000-01-01')).total).toBe(0);
    expect((await list(app, partner, '?from=&to=&q=&status=')).total).toBe(12);

    const bad = await app.inject({ method: 'GET', url: '/backend/support/tickets?pageSize=500&sort=bogus', headers: partner.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMessage).toContain('pageSize must be at most 100');
    const badDates = await app.inject({ method: 'GET', url: '/backend/support/tickets?from=2024-02-01&to=2024-01-01', headers: partner.headers });
    expect(badDates.json()).toEqual({ errorMessage: 'from must not be after to' });
  });
});

describe('feedback', () => {
  it('validates like the form and refuses another userId', async () => {
    const app = await build();
    const { customer, admin } = await signinAs(app, ['customer', 'admin']);
    const post = (payload: unknown, who = customer) => app.inject({ method: 'POST', url: '/backend/feedbacks/create', headers: who.headers, payload: payload as object });
    expect((await post({ userId: customer.userId, feedback: '' })).json()).toEqual({ errorMessage: 'Feedback is required' });
    expect((await post({ userId: customer.userId })).json()).toEqual({ errorMessage: 'Feedback is required' });
    expect((await post({ userId: customer.userId, feedback: 'f'.repeat(251) })).json()).toEqual({ errorMessage: 'Character Limit Exceeded' });
    expect((await post({ userId: admin.userId, feedback: 'hi' })).statusCode).toBe(404);
    const ok = await post({ userId: customer.userId, feedback: 'f'.repeat(250) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ feedback: 'f'.repeat(250), canDelete: true, author: { name: 'Chris Customer', organisationName: 'Demo Customer' } });
  });

  it('lists: ADMIN all, partners their subtree, everyone else their own; delete by author or ADMIN', async () => {
    const app = await build();
    const users = await signinAs(app, ['admin', 'partner', 'directpartner', 'customer', 'directcustomer']);
    const ids: Record<string, string> = {};
    for (const [name, who] of Object.entries(users)) {
      const response = await app.inject({ method: 'POST', url: '/backend/feedbacks/create', headers: who.headers, payload: { userId: who.userId, feedback: `from ${name}` } });
      ids[name] = response.json().id;
    }
    const texts = async (name: keyof typeof users, query = '') => {
      const response = await app.inject({ method: 'GET', url: `/backend/feedbacks/list${query}`, headers: users[name].headers });
      expect(response.statusCode).toBe(200);
      return feedbackPageSchema.parse(response.json()).items.map((f) => f.feedback).sort();
    };
    expect(await texts('admin')).toEqual(['from admin', 'from customer', 'from directcustomer', 'from directpartner', 'from partner']);
    expect(await texts('partner')).toEqual(['from customer', 'from partner']);
    expect(await texts('directpartner')).toEqual(['from directpartner']);
    expect(await texts('customer')).toEqual(['from customer']);
    expect(await texts('directcustomer')).toEqual(['from directcustomer']);
    expect(await texts('admin', '?q=direct')).toEqual(['from directcustomer', 'from directpartner']);
    expect(await texts('admin', '?to=2000-01-01')).toEqual([]);

    const paged = await app.inject({ method: 'GET', url: '/backend/feedbacks/list?sort=createdAt&page=2&pageSize=2', headers: users.admin.headers });
    expect(paged.json()).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(paged.json().items.map((f: { feedback: string }) => f.feedback)).toEqual(['from directpartner', 'from customer']);

    const partnerList = await app.inject({ method: 'GET', url: '/backend/feedbacks/list', headers: users.partner.headers });
    expect(Object.fromEntries(partnerList.json().items.map((f: { feedback: string; canDelete: boolean }) => [f.feedback, f.canDelete]))).toEqual({
      'from customer': false,
      'from partner': true,
    });

    const del = (who: keyof typeof users, id: string) => app.inject({ method: 'DELETE', url: `/backend/feedbacks/${id}`, headers: users[who].headers });
    expect((await del('partner', ids.customer)).statusCode).toBe(403);
    expect((await del('customer', ids.partner)).statusCode).toBe(404);
    expect((await del('directpartner', ids.customer)).statusCode).toBe(404);
    expect((await del('customer', ids.customer)).json()).toEqual({ message: 'Feedback deleted.' });
    expect((await del('admin', ids.partner)).statusCode).toBe(200);
    expect((await del('admin', ids.partner)).statusCode).toBe(404);
    expect(await texts('admin')).toEqual(['from admin', 'from directcustomer', 'from directpartner']);
  });
});
