import { outboxResponseSchema } from '@portal/contracts';
import { createMailer, type Mailer, type OutgoingMail } from '../../mail/mailer';
import { build, post, signin } from '../../test/build';

describe('GET /backend/dev/outbox', () => {
  it('lists the demo mailbox newest first to a signed-in ADMIN in demo mode without SMTP', async () => {
    const app = await build();
    const admin = await signin(app, 'admin');
    await post(app, 'api/forgot', { email: 'partner@demo.example' });
    await post(app, 'api/signin', { username: 'mfauser', password: 'Portal#2026' });
    const response = await app.inject({ method: 'GET', url: '/backend/dev/outbox', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const mails = outboxResponseSchema.parse(response.json());
    expect(mails.map((m) => m.to)).toEqual(['mfauser@demo.example', 'partner@demo.example']);
    expect(Object.keys(mails[0]).sort()).toEqual(['from', 'id', 'replyTo', 'sentAt', 'subject', 'text', 'to']);
    expect(mails[0]).toMatchObject({ from: 'Cloud Backup Portal <no-reply@portal.local>', replyTo: null });
  });

  it('holds reset and sign-in codes, so anyone else is refused like on any protected route', async () => {
    const app = await build();
    await post(app, 'api/forgot', { email: 'partner@demo.example' });
    const anonymous = await app.inject({ method: 'GET', url: '/backend/dev/outbox' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('partner@demo.example');
    const forged = await app.inject({ method: 'GET', url: '/backend/dev/outbox', headers: { authorization: 'Bearer not-a-token' } });
    expect(forged.statusCode).toBe(401);
    for (const username of ['customer', 'partner', 'directpartner']) {
      const user = await signin(app, username);
      const response = await app.inject({ method: 'GET', url: '/backend/dev/outbox', headers: user.headers });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('partner@demo.example');
    }
  });

  it('does not exist when demo mode is off', async () => {
    const app = await build({ demo: false });
    const response = await app.inject({ method: 'GET', url: '/backend/dev/outbox' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorMessage: 'Not found' });
  });

  it('does not exist when SMTP is configured, and mail then goes through the SMTP mailer', async () => {
    const sent: OutgoingMail[] = [];
    const smtp: Mailer = { kind: 'smtp', send: async (m) => void sent.push(m), close: async () => undefined };
    const app = await build({ mailer: smtp, mailFrom: 'Acme Backup <backup@acme.example>' });
    expect((await app.inject({ method: 'GET', url: '/backend/dev/outbox' })).statusCode).toBe(404);
    await post(app, 'api/signin', { username: 'mfauser', password: 'Portal#2026' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'mfauser@demo.example', from: 'Acme Backup <backup@acme.example>' });
    expect(sent[0].subject).toMatch(/^Your Acme Backup sign-in code: \d{6}$/);
    const { rows } = await app.apiDb.query<{ n: number }>('select count(*)::int as n from email_outbox');
    expect(rows[0].n).toBe(0);
  });

  it('builds an SMTP mailer from SMTP_URL', () => {
    expect(createMailer({ db: {} as never, smtpUrl: 'smtp://127.0.0.1:2525' }).kind).toBe('smtp');
  });
});
