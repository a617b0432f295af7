import { collect, emulatorWithClient } from './test/emulator-client';
import type { Emulator } from '@portal/m365-emulator';
import type { DeltaItem, DeltaPage, DeltaRound, GraphClient, GraphDriveItem, GraphMessage } from './index';

// The first pages of several delta rounds of a user through JSON batches: what one request per round
// would have read (mail folders, and the calendar view, contact folder and OneDrive beside them), in
// one POST per 20 rounds, with a round whose answer failed inside the batch left to its own request.

describe('first delta pages of many rounds in JSON batches', () => {
  let emulator: Emulator;
  let client: GraphClient;
  const posts: string[] = [];
  /** Every request's method and last two path segments. */
  const sent: string[] = [];

  beforeAll(async () => {
    const started = await emulatorWithClient({ seed: 'delta-batch', size: 2400 });
    emulator = started.emulator;
    client = started.clientFor({
      fetch: (input, init) => {
        if (init?.method === 'POST' && String(input).endsWith('/$batch')) posts.push(String(input));
        sent.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname.split('/').slice(-2).join('/')}`);
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

  const shape = (page: DeltaPage<DeltaItem> | undefined) =>
    page && { items: page.items.map((m) => `${m.id}:${(m as { changeKey?: string; eTag?: string }).changeKey ?? (m as { eTag?: string }).eTag}`), removed: page.removedIds, next: !!page.nextLink, delta: !!page.deltaLink };

  /** A folder's round: from its stored link, or a new one (the round's own URL). */
  const folderRound = (userId: string, folderId: string, link?: string): DeltaRound => ({
    key: folderId,
    resource: 'messages',
    link: link ?? `${client.graphBaseUrl}/users/${userId}/mailFolders/${folderId}/messages/delta`,
  });

  it('reads the pages one request per folder reads, a batch per 20 folders, new rounds and stored links alike', async () => {
    const user = emulator.tenant.users[0];
    const mine = (await folders(1)).map((f) => f.folderId);
    // Enough folders for two batches: the same folders again, as other streams of the mailbox would be.
    const asked = [...mine, ...mine, ...mine, ...mine].slice(0, 21).map((folderId) => folderRound(user.id, folderId));
    expect(asked).toHaveLength(21);
    posts.length = 0;
    const pages = await client.deltaFirstPages(user.id, asked);
    expect(posts).toHaveLength(2);
    for (const folderId of mine) expect(shape(pages.get(folderId))).toEqual(shape((await collect(client.messagesDelta(user.id, folderId)))[0]));

    // From stored delta links after a change: the changed folder's page lists the change, the others nothing.
    const links = new Map<string, string>();
    for (const folderId of mine) links.set(folderId, (await collect(client.messagesDelta(user.id, folderId))).at(-1)!.deltaLink!);
    emulator.tenant.touchItem(emulator.tenant.containers[user.folders[0].containerNo], 0);
    const again = await client.deltaFirstPages(user.id, mine.map((folderId) => folderRound(user.id, folderId, links.get(folderId))));
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
    const first = (await client.deltaFirstPages(user.id, [folderRound(user.id, inbox.id)])).get(inbox.id) as DeltaPage<GraphMessage>;
    const continued = await collect(client.messagesDelta(user.id, inbox.id, undefined, first));
    expect(continued.map(shape)).toEqual(alone.map(shape));
  });

  it('leaves out a folder whose answer failed inside the batch, for its round to ask on its own', async () => {
    const user = emulator.tenant.users[2];
    const mine = (await folders(3)).filter((f) => f.userId === user.id).map((f) => f.folderId);
    expect(mine.length).toBeGreaterThan(1);
    emulator.setThrottle({ status: 429, retryAfterSeconds: 0, count: 1, match: `/mailFolders/${mine[1]}/messages/delta` });
    const pages = await client.deltaFirstPages(user.id, mine.map((folderId) => folderRound(user.id, folderId)));
    emulator.setThrottle(null);
    expect(mine.filter((folderId) => !pages.has(folderId))).toEqual([mine[1]]);
    expect((await collect(client.messagesDelta(user.id, mine[1]))).length).toBeGreaterThan(0);
  });

  it("reads a user's calendar view, contact folder and OneDrive rounds in the same batch, each page as its own request reads it, removals by each resource's mark", async () => {
    const user = emulator.tenant.users[3];
    const [contactFolder] = await collect(client.contactFoldersList(user.id));
    const drive = await client.getUserDrive(user.id);
    const view = ['2023-01-01T00:00:00Z', '2027-06-01T00:00:00Z'] as const;
    const last = async <T,>(pages: AsyncIterable<DeltaPage<T>>) => (await collect(pages)).at(-1)!.deltaLink!;
    const links = {
      events: await last(client.eventsDelta(user.id, ...view)),
      contacts: await last(client.contactsDelta(user.id, contactFolder.id)),
      driveItems: await last(client.driveItemsDelta(drive.id)),
    };
    // A change in each: an event and a contact deleted (Outlook's @removed), a file deleted (a drive's `deleted` facet).
    emulator.tenant.deleteItem(emulator.tenant.containers[user.eventsNo], 0);
    emulator.tenant.deleteItem(emulator.tenant.containers[user.contactsNo], 0);
    emulator.tenant.deleteItem(emulator.tenant.containers[emulator.tenant.drives[user.driveNo].containerNo], 1);
    posts.length = 0;
    const rounds = (Object.keys(links) as Array<keyof typeof links>).map((resource) => ({ key: resource, resource, link: links[resource] }));
    const pages = await client.deltaFirstPages(user.id, rounds);
    expect(posts).toHaveLength(1);
    const alone = {
      events: (await collect(client.eventsDelta(user.id, ...view, links.events)))[0],
      contacts: (await collect(client.contactsDelta(user.id, contactFolder.id, links.contacts)))[0],
      driveItems: (await collect(client.driveItemsDelta(drive.id, links.driveItems)))[0],
    };
    for (const resource of Object.keys(links) as Array<keyof typeof links>) {
      expect(shape(pages.get(resource))).toEqual(shape(alone[resource] as DeltaPage<DeltaItem>));
      expect(pages.get(resource)!.removedIds).toHaveLength(1);
    }
    // A batched first page continues its round like one read alone.
    const continued = await collect(client.driveItemsDelta(drive.id, links.driveItems, pages.get('driveItems') as DeltaPage<GraphDriveItem>));
    expect(continued.map(shape)).toEqual([shape(alone.driveItems)]);
  });

  it("opens a user with its folder listings and its rounds' first pages in one batch, as the requests alone read them", async () => {
    const user = emulator.tenant.users[4];
    const folders = await collect(client.listMailFolders(user.id));
    const links = new Map<string, string>();
    for (const folder of folders) links.set(folder.id, (await collect(client.messagesDelta(user.id, folder.id))).at(-1)!.deltaLink!);
    emulator.tenant.touchItem(emulator.tenant.containers[user.folders[0].containerNo], 0);
    const rounds = folders.map((folder) => folderRound(user.id, folder.id, links.get(folder.id)));
    const alone = {
      contactFolders: await collect(client.contactFoldersList(user.id)),
      defaultContactFolderId: await client.defaultContactFolderId(user.id),
      pages: new Map(await Promise.all(folders.map(async (folder) => [folder.id, (await collect(client.messagesDelta(user.id, folder.id, links.get(folder.id))))[0]] as const))),
    };
    sent.length = 0;
    const opened = await client.openUser(user.id, { mailFolders: true, contactFolders: true }, rounds);
    // One batch; only child folders, found in the batch's listing, are listed on their own.
    expect(sent.filter((r) => !r.endsWith('/childFolders'))).toEqual(['POST v1.0/$batch']);
    expect(opened.mailFolders).toEqual(folders);
    expect(opened.contactFolders).toEqual(alone.contactFolders);
    expect(opened.defaultContactFolderId).toBe(alone.defaultContactFolderId);
    for (const folder of folders) expect(shape(opened.pages.get(folder.id))).toEqual(shape(alone.pages.get(folder.id)));

    // Told which folders have children (and one gone since), it lists them in the same batch: nothing alone.
    const parents = folders.filter((folder) => (folder.childFolderCount ?? 0) > 0).map((folder) => folder.id);
    expect(parents.length).toBeGreaterThan(0);
    sent.length = 0;
    const named = await client.openUser(user.id, { mailFolders: true, contactFolders: true, parentFolders: [...parents, 'AAMkAGZvbGRlci1nb25l'] }, rounds);
    expect(sent).toEqual(['POST v1.0/$batch']);
    expect(named.mailFolders).toEqual(folders);

    // Without the batch's answer to a listing (throttled inside it), the listing is read alone, alike.
    emulator.setThrottle({ status: 429, retryAfterSeconds: 0, count: 1, match: `/users/${user.id}/contactFolders` });
    sent.length = 0;
    const throttled = await client.openUser(user.id, { mailFolders: false, contactFolders: true }, []);
    emulator.setThrottle(null);
    expect(throttled.contactFolders).toEqual(alone.contactFolders);
    expect(throttled.defaultContactFolderId).toBe(alone.defaultContactFolderId);
    expect(throttled.mailFolders).toEqual([]);
    expect(sent).toEqual(['POST v1.0/$batch', `GET ${user.id}/contactFolders`]);
  });
});
