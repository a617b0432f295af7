import { graphSession, type Json } from './test/graph-session';

// Graph's write semantics for created messages, through HTTP only: a created message is a draft
// unless PR_MESSAGE_FLAGS (Integer 0x0E07) is set at creation without MSGFLAG_UNSENT (0x8);
// singleValueExtendedProperties are stored and returned with $expand; PR_CLIENT_SUBMIT_TIME
// (SystemTime 0x0039) and PR_MESSAGE_DELIVERY_TIME (SystemTime 0x0E06) give the sent and received
// times; MSGFLAG_READ (0x1) gives isRead.

const FLAGS = 'Integer 0x0E07';
const SUBMIT = 'SystemTime 0x0039';
const DELIVERY = 'SystemTime 0x0E06';

describe('creating messages as Graph does', () => {
  const session = graphSession({ seed: 'create', size: 300 });
  const { emulator } = session;

  const user = () => emulator.tenant.users[0].id;
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${emulator.url}${path}`, { ...init, headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
  const create = async (path: string, body: Json) => {
    const response = await call(path, { method: 'POST', body: JSON.stringify(body) });
    expect(response.status).toBe(201);
    return (await response.json()) as Json;
  };
  const get = async (path: string) => {
    const response = await call(path);
    expect(response.status).toBe(200);
    return (await response.json()) as Json;
  };
  const props = (...pairs: [string, string][]) => pairs.map(([id, value]) => ({ id, value }));

  it('makes a draft of a message created without PR_MESSAGE_FLAGS, in a folder or in the mailbox, whatever isDraft says', async () => {
    const inFolder = await create(`/users/${user()}/mailFolders/inbox/messages`, { subject: 'plain', isDraft: false, body: { contentType: 'text', content: 'x' } });
    expect(inFolder.isDraft).toBe(true);
    const inMailbox = await create(`/users/${user()}/messages`, { subject: 'plain too', body: { contentType: 'text', content: 'x' } });
    expect(inMailbox.isDraft).toBe(true);
    expect((await get(`/users/${user()}/messages/${String(inFolder.id)}`)).isDraft).toBe(true);
  });

  it('makes a delivered message when PR_MESSAGE_FLAGS is set without the unsent bit, and a draft when the bit is set', async () => {
    const sent = await create(`/users/${user()}/mailFolders/inbox/messages`, { subject: 'sent', singleValueExtendedProperties: props([FLAGS, '1']) });
    expect(sent).toMatchObject({ isDraft: false, isRead: true });
    expect((await get(`/users/${user()}/messages/${String(sent.id)}`)).isDraft).toBe(false);
    const unsent = await create(`/users/${user()}/mailFolders/inbox/messages`, { subject: 'unsent', singleValueExtendedProperties: props([FLAGS, String(0x8 | 0x1)]) });
    expect(unsent.isDraft).toBe(true);
  });

  it('takes isRead from the read flag', async () => {
    const unread = await create(`/users/${user()}/mailFolders/inbox/messages`, { subject: 'unread', isRead: true, singleValueExtendedProperties: props(['integer 0xe07', '0']) });
    expect(unread).toMatchObject({ isDraft: false, isRead: false });
    expect((await get(`/users/${user()}/messages/${String(unread.id)}`)).isRead).toBe(false);
    const read = await create(`/users/${user()}/mailFolders/inbox/messages`, { subject: 'read', singleValueExtendedProperties: props([FLAGS, '1']) });
    expect(read.isRead).toBe(true);
  });

  it('takes sentDateTime and receivedDateTime from PR_CLIENT_SUBMIT_TIME and PR_MESSAGE_DELIVERY_TIME, ignoring the read-only fields', async () => {
    const created = await create(`/users/${user()}/mailFolders/inbox/messages`, {
      subject: 'timed',
      sentDateTime: '2001-01-01T00:00:00Z',
      singleValueExtendedProperties: props([FLAGS, '1'], [SUBMIT, '2025-03-04T05:06:07Z'], [DELIVERY, '2025-03-04T05:07:08.000Z']),
    });
    expect(created).toMatchObject({ sentDateTime: '2025-03-04T05:06:07Z', receivedDateTime: '2025-03-04T05:07:08Z' });
    const read = await get(`/users/${user()}/messages/${String(created.id)}?$select=sentDateTime,receivedDateTime`);
    expect(read).toMatchObject({ sentDateTime: '2025-03-04T05:06:07Z', receivedDateTime: '2025-03-04T05:07:08Z' });

    const untimed = await create(`/users/${user()}/mailFolders/inbox/messages`, { subject: 'untimed', sentDateTime: '2001-01-01T00:00:00Z' });
    expect(untimed.sentDateTime).not.toBe('2001-01-01T00:00:00Z');
    expect(untimed.sentDateTime).toBe(untimed.createdDateTime);
  });

  it('refuses a SystemTime that is not a time', async () => {
    const response = await call(`/users/${user()}/mailFolders/inbox/messages`, { method: 'POST', body: JSON.stringify({ subject: 'bad', singleValueExtendedProperties: props([SUBMIT, 'yesterday']) }) });
    expect(response.status).toBe(400);
  });

  it('stores singleValueExtendedProperties and returns them only with $expand, filtered by id', async () => {
    const custom = 'String {66f5a359-4659-4830-9070-00047ec6ac6e} Name Color';
    const created = await create(`/users/${user()}/mailFolders/inbox/messages`, {
      subject: 'with properties',
      singleValueExtendedProperties: props([FLAGS, '1'], [custom, 'Green'], [SUBMIT, '2025-01-02T03:04:05Z']),
    });
    const id = String(created.id);
    expect(created.singleValueExtendedProperties).toBeUndefined();
    expect((await get(`/users/${user()}/messages/${id}`)).singleValueExtendedProperties).toBeUndefined();

    const one = await get(`/users/${user()}/messages/${id}?$expand=${encodeURIComponent(`singleValueExtendedProperties($filter=id eq '${custom}')`)}`);
    expect(one.singleValueExtendedProperties).toEqual([{ id: custom, value: 'Green' }]);

    const flags = await get(`/users/${user()}/messages/${id}?$select=subject&$expand=${encodeURIComponent(`singleValueExtendedProperties($filter=id eq 'Integer 0xe07' or id eq '${SUBMIT}')`)}`);
    expect(flags.subject).toBe('with properties');
    // Tagged ids come back in Graph's canonical form (lower-case hex without leading zeros).
    expect(flags.singleValueExtendedProperties).toEqual([{ id: 'Integer 0xe07', value: '1' }, { id: 'SystemTime 0x39', value: '2025-01-02T03:04:05Z' }]);

    const none = await get(`/users/${user()}/messages/${id}?$expand=${encodeURIComponent(`singleValueExtendedProperties($filter=id eq 'Integer 0x1234')`)}`);
    expect(none.singleValueExtendedProperties).toEqual([]);
  });
});
