import { collect, emulatorWithClient } from './test/emulator-client';
import type { Emulator } from '@portal/m365-emulator';
import type { DeltaPage, GraphClient } from './index';

// Delta on events (calendar view), contacts (per folder) and channel messages, against the emulator.

interface Round<T> {
  items: T[];
  removedIds: string[];
  pages: number;
  deltaLink: string;
}

async function round<T>(pages: AsyncIterable<DeltaPage<T>>): Promise<Round<T>> {
  const out: Round<T> = { items: [], removedIds: [], pages: 0, deltaLink: '' };
  for await (const page of pages) {
    out.pages += 1;
    out.items.push(...page.items);
    out.removedIds.push(...page.removedIds);
    if (page.deltaLink) out.deltaLink = page.deltaLink;
  }
  return out;
}

const START = '2024-01-01T00:00:00Z';
const END = '2027-01-01T00:00:00Z';

describe('resource deltas through the connector', () => {
  let emulator: Emulator;
  let client: GraphClient;

  beforeEach(async () => {
    ({ emulator, client } = await emulatorWithClient({ seed: 'resource-delta', size: 1500 }));
  });
  afterEach(() => emulator.stop());

  it('eventsDelta: pages by the client page size, then only what changed, deletions as removedIds', async () => {
    const user = emulator.tenant.users[0];
    const container = emulator.tenant.containers[user.eventsNo];
    const first = await round(client.eventsDelta(user.id, START, END));
    expect(first.items).toHaveLength(container.count);
    expect(first.pages).toBe(Math.ceil(container.count / 7));
    expect(first.deltaLink).toMatch(/\$deltatoken=/);

    const [changed, deleted] = first.items;
    const parsed = emulator.tenant.parseItemId('event', changed.id)!;
    emulator.tenant.touchItem(container, parsed.index);
    await client.request('DELETE', `/users/${user.id}/events/${deleted.id}`);
    const next = await round(client.eventsDelta(user.id, START, END, first.deltaLink));
    expect(next.items.map((e) => e.id)).toEqual([changed.id]);
    expect(next.items[0].changeKey).not.toBe(changed.changeKey);
    expect(next.removedIds).toEqual([deleted.id]);
  });

  it('contactFoldersList and contactsDelta: a folder round, then additions and removals', async () => {
    const user = emulator.tenant.users[1];
    const folders = await collect(client.contactFoldersList(user.id));
    expect(folders.map((f) => f.displayName)).toEqual(['Contacts']);
    // The default folder is also found through a contact in it (Graph's List contactFolders answers the folders inside it).
    expect(await client.defaultContactFolderId(user.id)).toBe(folders[0].id);
    const first = await round(client.contactsDelta(user.id, folders[0].id));
    expect(first.items).toHaveLength(emulator.tenant.containers[user.contactsNo].count);

    const created = await client.createContact(user.id, { givenName: 'Grace', surname: 'Hopper', emailAddresses: [{ name: 'Grace Hopper', address: 'grace@example.com' }] });
    await client.request('DELETE', `/users/${user.id}/contacts/${first.items[0].id}`);
    const next = await round(client.contactsDelta(user.id, folders[0].id, first.deltaLink));
    expect(next.items.map((c) => c.id)).toEqual([created.id]);
    expect(next.removedIds).toEqual([first.items[0].id]);
  });

  it('channelMessagesDelta: at most 50 a page, edits as items, soft-deleted messages as removedIds', async () => {
    const team = emulator.tenant.groups.find((g) => g.isTeam)!;
    const channel = emulator.tenant.channels.find((c) => c.groupIdx === team.idx)!;
    const first = await round(client.channelMessagesDelta(team.id, channel.id));
    expect(first.items.length).toBeGreaterThan(0);

    const container = emulator.tenant.containers[channel.containerNo];
    const [edited, deleted] = first.items;
    emulator.tenant.touchItem(container, emulator.tenant.chatIndex(container, edited.id)!);
    await client.request('POST', `/teams/${team.id}/channels/${encodeURIComponent(channel.id)}/messages/${deleted.id}/softDelete`);
    const next = await round(client.channelMessagesDelta(team.id, channel.id, first.deltaLink));
    expect(next.items.map((m) => m.id)).toEqual([edited.id]);
    expect(next.removedIds).toEqual([deleted.id]);
    expect((await round(client.channelMessagesDelta(team.id, channel.id, next.deltaLink))).pages).toBe(1);
  });
});
