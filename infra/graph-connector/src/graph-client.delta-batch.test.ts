import { collect, emulatorWithClient } from './test/emulator-client';
import type { Emulator } from '@portal/m365-emulator';
import type { DeltaPage, GraphClient, GraphMessage } from './index';

// The first pages of several mail folders' delta rounds through JSON batches: what one request per
// folder would have read, in one POST per 20 folders, with a folder whose answer failed inside the
// batch left to its own request.

describe('first delta pages of many mail folders in JSON batches', () => {
  let emulator: Emulator;
  let client: GraphClient;
  const posts: string[] = [];

  beforeAll(async () => {
    const started = await emulatorWithClient({ seed: 'delta-batch', size: 2400 });
    emulator = started.emulator;
    client = started.clientFor({
      fetch: (input, init) => {
        if (init?.method === 'POST' && String(input).endsWith('/$batch')) posts.push(String(input));
        return fetch(input, init);
      },
    });
  });
  afterAll(() => emulator.stop());

  /** Every folder of the tenant's first users, with its owner: more than a batch holds. */
  async function folders(users: number) {
    const out: Array<{ userId: string; folderId: string }> = [];
    for (const user of emulator.tenant.users.slice(0, users)) for (const folder of await collect(client.listMailFolders(user.id))) out.push({ userId: user.id, folderId: folder.id });
    return out;
  }

  const shape = (page: DeltaPage<GraphMessage> | undefined) =>
    page && { items: page.items.map((m) => `${m.id}:${m.changeKey}`), removed: page.removedIds, next: !!page.nextLink, delta: !!page.deltaLink };

  it('reads the pages one request per folder reads, a batch per 20 folders, new rounds and stored links alike', async () => {
    const user = emulator.tenant.users[0];
    const mine = (await folders(1)).map((f) => f.folderId);
    // Enough folders for two batches: the same folders again, as other streams of the mailbox would be.
    const asked = [...mine, ...mine, ...mine, ...mine].slice(0, 21).map((folderId) => ({ folderId }));
    expect(asked).toHaveLength(21);
    posts.length = 0;
    const pages = await client.messagesDeltaFirstPages(user.id, asked);
    expect(posts).toHaveLength(2);
    for (const folderId of mine) expect(shape(pages.get(folderId))).toEqual(shape((await collect(client.messagesDelta(user.id, folderId)))[0]));

    // From stored delta links after a change: the changed folder's page lists the change, the others nothing.
    const links = new Map<string, string>();
    for (const folderId of mine) links.set(folderId, (await collect(client.messagesDelta(user.id, folderId))).at(-1)!.deltaLink!);
    emulator.tenant.touchItem(emulator.tenant.containers[user.folders[0].containerNo], 0);
    const again = await client.messagesDeltaFirstPages(user.id, mine.map((folderId) => ({ folderId, link: links.get(folderId) })));
    const single = new Map<string, DeltaPage<GraphMessage>>();
    for (const folderId of mine) single.set(folderId, (await collect(client.messagesDelta(user.id, folderId, links.get(folderId))))[0]);
    for (const folderId of mine) expect(shape(again.get(folderId))).toEqual(shape(single.get(folderId)));
    expect(mine.reduce((n, folderId) => n + again.get(folderId)!.items.length, 0)).toBe(1);
  });

  it('goes on from a batched first page to the rest of its round', async () => {
    const user = emulator.tenant.users[1];
    const inbox = await client.getMailFolder(user.id, 'inbox');
    const alone = await collect(client.messagesDelta(user.id, inbox.id));
    expect(alone.length).toBeGreaterThan(1);
    const first = (await client.messagesDeltaFirstPages(user.id, [{ folderId: inbox.id }])).get(inbox.id)!;
    const continued = await collect(client.messagesDelta(user.id, inbox.id, undefined, first));
    expect(continued.map(shape)).toEqual(alone.map(shape));
  });

  it('leaves out a folder whose answer failed inside the batch, for its round to ask on its own', async () => {
    const user = emulator.tenant.users[2];
    const mine = (await folders(3)).filter((f) => f.userId === user.id).map((f) => f.folderId);
    expect(mine.length).toBeGreaterThan(1);
    emulator.setThrottle({ status: 429, retryAfterSeconds: 0, count: 1, match: `/mailFolders/${mine[1]}/messages/delta` });
    const pages = await client.messagesDeltaFirstPages(user.id, mine.map((folderId) => ({ folderId })));
    emulator.setThrottle(null);
    expect(mine.filter((folderId) => !pages.has(folderId))).toEqual([mine[1]]);
    expect((await collect(client.messagesDelta(user.id, mine[1]))).length).toBeGreaterThan(0);
  });
});
