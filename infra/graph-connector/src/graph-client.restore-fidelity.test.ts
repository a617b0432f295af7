import { collect, emulatorWithClient } from './test/emulator-client';
import { messageForRestore, restoredMessageProperties, PR_CLIENT_SUBMIT_TIME, PR_MESSAGE_DELIVERY_TIME, PR_MESSAGE_FLAGS } from './index';
import type { Emulator } from '@portal/m365-emulator';
import type { GraphClient, GraphMessage } from './index';

// A restored message must look like the original on a real mailbox: not a draft, same sent and
// received times, same read state. Graph only allows that through MAPI properties set at creation.

describe('restoring mail as the original', () => {
  let emulator: Emulator;
  let client: GraphClient;

  beforeAll(async () => {
    ({ emulator, client } = await emulatorWithClient({ seed: 'restore-fidelity', size: 400 }));
  });
  afterAll(() => emulator.stop());

  const facts = (m: GraphMessage) => ({
    isDraft: m.isDraft,
    isRead: m.isRead,
    sentDateTime: m.sentDateTime,
    receivedDateTime: m.receivedDateTime,
    subject: m.subject,
    importance: m.importance,
    categories: m.categories,
    flag: m.flag,
    internetMessageId: m.internetMessageId,
  });

  it('sets PR_MESSAGE_FLAGS with the read bit of the original and never the unsent bit, and the original times', () => {
    expect(restoredMessageProperties({ isRead: true, sentDateTime: '2025-01-01T10:00:00Z', receivedDateTime: '2025-01-01T10:00:05Z' })).toEqual([
      { id: PR_MESSAGE_FLAGS, value: '1' },
      { id: PR_CLIENT_SUBMIT_TIME, value: '2025-01-01T10:00:00Z' },
      { id: PR_MESSAGE_DELIVERY_TIME, value: '2025-01-01T10:00:05Z' },
    ]);
    expect(restoredMessageProperties({ isRead: false })).toEqual([{ id: PR_MESSAGE_FLAGS, value: '0' }]);
    const body = messageForRestore({ id: 'x', isDraft: false, isRead: false, changeKey: 'k', sentDateTime: '2025-01-01T10:00:00Z' });
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('changeKey');
    expect(body).not.toHaveProperty('isDraft');
  });

  it('restores backed-up messages, read and unread, with attachments, that read back as the originals and not as drafts', async () => {
    const source = emulator.tenant.users[0];
    const target = emulator.tenant.users[1];
    const inbox = await client.getMailFolder(source.id, 'inbox');
    const messages = await collect(client.listMessages(source.id, inbox.id));
    const unread = messages.find((m) => m.isRead === false && !m.isDraft);
    const read = messages.find((m) => m.isRead === true && !m.isDraft);
    const withAttachments = messages.find((m) => m.hasAttachments && !m.isDraft);
    expect([unread, read, withAttachments].every(Boolean)).toBe(true);
    const folder = await client.createMailFolder(target.id, 'Restored mail');

    for (const listed of [unread!, read!, withAttachments!]) {
      // The backup: the message and its attachments as Graph gives them.
      const original = await client.getMessage(source.id, listed.id);
      const attachments = await collect(client.listAttachments(source.id, listed.id));
      const created = await client.createMessage(target.id, folder.id, messageForRestore(original, attachments));
      const restored = await client.getMessage(target.id, created.id);
      expect(facts(restored)).toEqual({ ...facts(original), isDraft: false });
      expect(restored.sentDateTime).toBe(original.sentDateTime);
      expect(restored.receivedDateTime).toBe(original.receivedDateTime);
      expect(restored.isRead).toBe(original.isRead);
      if (listed === withAttachments) expect(attachments.length).toBeGreaterThan(0);
      const restoredAttachments = await collect(client.listAttachments(target.id, created.id));
      expect(restoredAttachments.map((a) => [a.name, a.size, a.contentBytes])).toEqual(attachments.map((a) => [a.name, a.size, a.contentBytes]));
    }
  });
});
