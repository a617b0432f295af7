import type { Emulator } from '@portal/m365-emulator';
import { GraphError, type GraphClient, type GraphClientOptions } from './index';
import { collect, emulatorWithClient } from './test/emulator-client';

// getMessageMimes fetches many messages' MIME in JSON batches of 20: the same bytes as one request
// per message, in a twentieth of the round trips, and within Graph's limits when they are on.

jest.setTimeout(60_000);

describe('batched MIME', () => {
  let emulator: Emulator;
  let clientFor: (extra?: Partial<GraphClientOptions>) => GraphClient;
  let userId: string;
  let ids: string[];

  beforeAll(async () => {
    ({ emulator, clientFor } = await emulatorWithClient({ seed: 'batch-mime', size: 900 }));
    userId = emulator.tenant.users[0].id;
    const client = clientFor({ pageSize: 100 });
    for (const folder of await collect(client.listMailFolders(userId))) ids = [...(ids ?? []), ...(await collect(client.listMessages(userId, folder.id))).map((m) => m.id)];
    ids = ids.slice(0, 41);
  });
  afterAll(() => emulator.stop());

  it('returns the bytes of one request per message, in order, in three round trips for 41 messages', async () => {
    expect(ids.length).toBe(41);
    let calls = 0;
    const counting = clientFor({ fetch: (input, init) => ((calls += 1), fetch(input, init)) });
    const batched = await counting.getMessageMimes(userId, ids);
    const roundTrips = calls;
    const single = clientFor();
    for (const [index, id] of ids.entries()) expect(Buffer.from(batched[index]).equals(Buffer.from(await single.getMessageMime(userId, id)))).toBe(true);
    // One token request and one batch per 20 messages.
    expect(roundTrips).toBe(1 + 3);
  });

  it('a message that fails inside the batch is fetched on its own and fails as a single request would', async () => {
    await expect(clientFor().getMessageMimes(userId, [ids[0], 'no-such-message', ids[1]])).rejects.toMatchObject({ status: 404 } satisfies Partial<GraphError>);
  });

  it('stays within the mailbox limits: batches hold the slots Graph runs them with', async () => {
    emulator.setGraphLimits({ outlookLatencyMs: 10 });
    try {
      const before = emulator.stats().throttled;
      const client = clientFor();
      await Promise.all([client.getMessageMimes(userId, ids.slice(0, 20)), client.getMessageMimes(userId, ids.slice(20, 38)), ...ids.slice(38).map((id) => client.getMessageMime(userId, id))]);
      expect(emulator.stats().throttled - before).toBe(0);
    } finally {
      emulator.setGraphLimits(false);
    }
  });
});
