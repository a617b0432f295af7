import { GraphLimits, mailboxOf, minimumSeconds } from './graph-limits';

describe('Graph limits mode', () => {
  let clock = 0;
  const limits = new GraphLimits(() => clock);
  beforeEach(() => {
    clock = 1_000_000;
    limits.configure(true);
  });

  it('names the mailbox of Outlook requests only', () => {
    expect(mailboxOf('/v1.0/users/U1/mailFolders/inbox/messages/delta')).toBe('users/u1');
    expect(mailboxOf('/v1.0/users/u1/calendarView/delta?x=1')).toBe('users/u1');
    expect(mailboxOf('/v1.0/groups/G/events')).toBe('groups/g');
    expect(mailboxOf('/v1.0/users/u1/drive')).toBeNull();
    expect(mailboxOf('/v1.0/users/u1')).toBeNull();
  });

  it('admits at most 4 requests at once per mailbox, and another mailbox is not affected', () => {
    const held = [1, 2, 3, 4].map(() => limits.admit('GET', '/v1.0/users/a/messages/1'));
    expect(held.every((a) => a.ok)).toBe(true);
    const fifth = limits.admit('GET', '/v1.0/users/a/messages/5');
    expect(fifth).toMatchObject({ ok: false, code: 'ApplicationThrottled', retryAfterSeconds: 1 });
    expect(limits.admit('GET', '/v1.0/users/b/messages/1').ok).toBe(true);
    if (held[0].ok) held[0].release();
    expect(limits.admit('GET', '/v1.0/users/a/messages/5').ok).toBe(true);
    // Non-Outlook requests are never counted.
    expect([1, 2, 3, 4, 5, 6].every(() => limits.admit('GET', '/v1.0/drives/d/root/delta').ok)).toBe(true);
  });

  it('admits 10,000 requests per mailbox in 10 minutes, then says how long to wait', () => {
    for (let i = 0; i < 10_000; i += 1) {
      const admitted = limits.admit('GET', '/v1.0/users/a/messages');
      expect(admitted.ok).toBe(true);
      if (admitted.ok) admitted.release();
      if (i === 4_999) clock += 5 * 60_000;
    }
    expect(limits.admit('GET', '/v1.0/users/a/messages')).toMatchObject({ ok: false, retryAfterSeconds: 300 });
    clock += 5 * 60_000;
    expect(limits.admit('GET', '/v1.0/users/a/messages').ok).toBe(true);
  });

  it('admits 20 channel message reads per second', () => {
    const path = '/v1.0/teams/t/channels/c/messages/delta';
    for (let i = 0; i < 20; i += 1) expect(limits.admit('GET', path).ok).toBe(true);
    expect(limits.admit('GET', path)).toMatchObject({ ok: false, code: 'TooManyRequests' });
    expect(limits.admit('POST', '/v1.0/teams/t/channels/c/messages').ok).toBe(true);
    clock += 1000;
    expect(limits.admit('GET', path).ok).toBe(true);
  });

  it('is off unless configured', () => {
    limits.configure(false);
    expect([1, 2, 3, 4, 5].every(() => limits.admit('GET', '/v1.0/users/a/messages').ok)).toBe(true);
  });
});

describe('the least time the limits allow', () => {
  const config = { mailboxConcurrency: 4, mailboxRequests: 10_000, mailboxWindowMs: 600_000, channelMessagesPerSecond: 20, outlookLatencyMs: 100 };
  it('is set by the busiest mailbox, its request windows, or the channel message rate', () => {
    expect(minimumSeconds({ mailboxRequests: { a: 40, b: 8 }, channelMessageReads: 0 }, config)).toBe(1);
    expect(minimumSeconds({ mailboxRequests: { a: 20_001 }, channelMessageReads: 0 }, { ...config, outlookLatencyMs: 0 })).toBe(1200);
    expect(minimumSeconds({ mailboxRequests: { a: 4 }, channelMessageReads: 100 }, config)).toBe(5);
  });
});

describe('the admin endpoint', () => {
  it('turns the limits on with Graph figures or some overridden, and refuses anything else', async () => {
    const { startEmulator } = await import('./index');
    const emulator = await startEmulator({ size: 50 });
    try {
      const post = (body: unknown) => fetch(`${emulator.adminUrl}/limits`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await (await post({ outlookLatencyMs: 5 })).json()).limits).toMatchObject({ mailboxConcurrency: 4, outlookLatencyMs: 5 });
      expect((await post({ mailboxConcurrency: 'four' })).status).toBe(400);
      expect((await post({ noSuchLimit: 1 })).status).toBe(400);
      expect((await post({ mailboxConcurrency: -1 })).status).toBe(400);
      expect((await (await post(false)).json()).limits).toBeNull();
    } finally {
      await emulator.stop();
    }
  });
});
