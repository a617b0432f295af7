import type { Emulator } from '@portal/m365-emulator';
import type { GraphClient, GraphClientOptions } from './index';
import { outlookMailbox } from './mailbox-limiter';
import { collect, emulatorWithClient } from './test/emulator-client';

// With Graph's documented limits on, Outlook refuses a fifth concurrent request to a mailbox. The
// client queues its own requests per mailbox, so a burst of reads is never throttled; the same
// burst with the queue widened to 8 is (the check that the test can fail).

jest.setTimeout(60_000);

describe('per-mailbox concurrency', () => {
  let emulator: Emulator;
  let clientFor: (extra?: Partial<GraphClientOptions>) => GraphClient;
  let userId: string;
  let ids: string[];

  beforeAll(async () => {
    ({ emulator, clientFor } = await emulatorWithClient({ seed: 'mailbox-limits', size: 300, graphLimits: { outlookLatencyMs: 20 } }));
    userId = emulator.tenant.users[0].id;
    const client = clientFor({ pageSize: 100 });
    const inbox = (await collect(client.listMailFolders(userId))).find((f) => f.displayName === 'Inbox')!;
    ids = (await collect(client.listMessages(userId, inbox.id))).slice(0, 16).map((m) => m.id);
  });
  afterAll(() => emulator.stop());

  const burst = (client: GraphClient) =>
    Promise.all(ids.flatMap((id) => [client.getMessage(userId, id), client.getMessageMime(userId, id), collect(client.listAttachments(userId, id))]));

  it('a burst to one mailbox is never throttled', async () => {
    expect(ids.length).toBeGreaterThanOrEqual(10);
    const before = emulator.stats().throttled;
    await burst(clientFor());
    expect(emulator.stats().throttled - before).toBe(0);
  });

  it('without the queue the same burst is throttled (and still completes through Retry-After)', async () => {
    const before = emulator.stats().throttled;
    await burst(clientFor({ mailboxConcurrency: 8 }));
    expect(emulator.stats().throttled - before).toBeGreaterThan(0);
  });

  it('knows which requests reach a mailbox', () => {
    expect(outlookMailbox('https://graph.microsoft.com/v1.0/users/A%40b.com/mailFolders/x/messages/delta')).toBe('users/a@b.com');
    expect(outlookMailbox('https://graph.microsoft.com/v1.0/users/u/contactFolders/f/contacts/delta')).toBe('users/u');
    expect(outlookMailbox('https://graph.microsoft.com/v1.0/users/u/drive/root/delta')).toBeNull();
    expect(outlookMailbox('https://graph.microsoft.com/v1.0/users?$top=10')).toBeNull();
  });
});
