import { collect, emulatorWithClient } from './test/emulator-client';
import type { Emulator } from '@portal/m365-emulator';
import { isDeltaResyncRequired } from './graph-error';
import type { DeltaPage, GraphClient } from './index';

/** Applies delta pages to a local replica, as a backup catalog would. */
async function applyRound<T extends { id: string }>(replica: Map<string, T>, pages: AsyncIterable<DeltaPage<T>>) {
  let added = 0;
  let changed = 0;
  let removed = 0;
  let deltaLink: string | undefined;
  for await (const page of pages) {
    for (const item of page.items) {
      if (replica.has(item.id)) changed++;
      else added++;
      replica.set(item.id, item);
    }
    for (const id of page.removedIds) {
      if (replica.delete(id)) removed++;
    }
    if (page.deltaLink) deltaLink = page.deltaLink;
  }
  return { added, changed, removed, deltaLink };
}

describe('delta queries against the emulator', () => {
  let emulator: Emulator;
  let client: GraphClient;

  beforeEach(async () => {
    ({ emulator, client } = await emulatorWithClient({ seed: 'delta', size: 800 }));
  });
  afterEach(() => emulator.stop());

  it('reports added, changed and removed messages after a mutation, and the replica equals a fresh listing', async () => {
    const user = emulator.tenant.users[0];
    const inbox = await client.getMailFolder(user.id, 'inbox');
    const replica = new Map();
    const first = await applyRound(replica, client.messagesDelta(user.id, inbox.id));
    expect(first.added).toBe(inbox.totalItemCount);
    expect(first.deltaLink).toContain('$deltatoken=');

    const quiet = await applyRound(replica, client.messagesDelta(user.id, inbox.id, first.deltaLink));
    expect(quiet).toMatchObject({ added: 0, changed: 0, removed: 0 });

    const before = new Map(replica);
    const container = emulator.tenant.containers[user.folders[0].containerNo];
    const countBefore = container.count;
    const seqBefore = emulator.tenant.seq;
    emulator.mutate(0.4);
    // What the emulator actually did to this folder, from its own change log.
    const expected = { added: 0, changed: 0, removed: 0 };
    for (const [index, state] of container.overlay) {
      if (state.seq <= seqBefore) continue;
      if (index >= countBefore) expected.added += state.deleted ? 0 : 1;
      else if (state.deleted) expected.removed++;
      else expected.changed++;
    }
    const second = await applyRound(replica, client.messagesDelta(user.id, inbox.id, quiet.deltaLink));
    expect(expected.added + expected.changed + expected.removed).toBeGreaterThan(0);
    expect({ added: second.added, changed: second.changed, removed: second.removed }).toEqual(expected);
    const fresh = await collect(client.listMessages(user.id, inbox.id));
    expect(new Set(replica.keys())).toEqual(new Set(fresh.map((m) => m.id)));
    // A changed message really differs (new changeKey), and the replica holds its new state.
    for (const message of fresh) {
      const old = before.get(message.id);
      expect(replica.get(message.id)).toEqual(message);
      if (old && old.changeKey !== message.changeKey) expect(old.lastModifiedDateTime).not.toBe(message.lastModifiedDateTime);
    }
  });

  it('tracks drive files through mutations, removed ones via the deleted facet', async () => {
    const drive = await client.getUserDrive(emulator.tenant.users[1].id);
    const replica = new Map();
    const first = await applyRound(replica, client.driveItemsDelta(drive.id));
    emulator.mutate(0.3);
    const second = await applyRound(replica, client.driveItemsDelta(drive.id, first.deltaLink));
    expect(second.removed).toBeGreaterThan(0);
    expect(second.added + second.changed).toBeGreaterThan(0);
    const fresh = (await collect(client.driveItemsDelta(drive.id))).flatMap((page) => page.items);
    expect(new Set(replica.keys())).toEqual(new Set(fresh.map((item) => item.id)));
    const changedFile = fresh.find((item) => item.file && item.eTag?.endsWith(',2"'));
    if (changedFile) {
      const { stream } = await client.downloadDriveItem(drive.id, changedFile.id);
      let bytes = 0;
      for await (const chunk of stream) bytes += (chunk as Buffer).length;
      expect(bytes).toBe(changedFile.size);
    }
  });

  it('reports changed users through users/delta', async () => {
    const replica = new Map();
    const first = await applyRound(replica, client.usersDelta());
    expect(first.added).toBe(emulator.tenant.users.length);
    const summary = emulator.mutate(0.5);
    const second = await applyRound(replica, client.usersDelta(first.deltaLink));
    expect(summary.usersChanged).toBeGreaterThan(0);
    expect(second.changed).toBeGreaterThan(0);
    expect(second.added).toBe(0);
    const fresh = await collect(client.listUsers());
    for (const user of fresh) expect(replica.get(user.id)).toEqual(user);
  });

  it('resumes an interrupted round from the stored nextLink with a new client, losing nothing', async () => {
    const user = emulator.tenant.users[0];
    const inbox = await client.getMailFolder(user.id, 'inbox');
    const seen = new Set<string>();
    let checkpoint: string | undefined;
    // First process: takes two pages, checkpoints the nextLink, then "dies".
    let pages = 0;
    for await (const page of client.messagesDelta(user.id, inbox.id)) {
      page.items.forEach((m) => seen.add(m.id));
      checkpoint = page.nextLink;
      if (++pages === 2) break;
    }
    expect(checkpoint).toContain('$skiptoken=');
    // Changes that happen while the run is down must not be lost either.
    emulator.mutate(0.2);
    const { client: restarted } = { client: (await emulatorWithClientFor(emulator)).client };
    let deltaLink: string | undefined;
    for await (const page of restarted.messagesDelta(user.id, inbox.id, checkpoint)) {
      page.items.forEach((m) => seen.add(m.id));
      page.removedIds.forEach((id) => seen.delete(id));
      deltaLink = page.deltaLink ?? deltaLink;
    }
    for await (const page of restarted.messagesDelta(user.id, inbox.id, deltaLink)) {
      page.items.forEach((m) => seen.add(m.id));
      page.removedIds.forEach((id) => seen.delete(id));
    }
    const fresh = await collect(restarted.listMessages(user.id, inbox.id));
    expect(seen).toEqual(new Set(fresh.map((m) => m.id)));
  });

  it('answers 410 for a delta token the service no longer knows, and a fresh round recovers', async () => {
    const drive = await client.getUserDrive(emulator.tenant.users[0].id);
    const pages = await collect(client.driveItemsDelta(drive.id));
    const link = pages[pages.length - 1].deltaLink as string;
    emulator.expireDeltaTokens();
    const error = await collect(client.driveItemsDelta(drive.id, link)).catch((e: unknown) => e);
    expect(isDeltaResyncRequired(error)).toBe(true);
    expect(error).toMatchObject({ status: 410, code: 'resyncRequired' });
    const fresh = await collect(client.driveItemsDelta(drive.id));
    expect(fresh.flatMap((p) => p.items).length).toBe(pages.flatMap((p) => p.items).length);
    expect(isDeltaResyncRequired(new Error('x'))).toBe(false);
  });

  it('rejects a delta token of another folder', async () => {
    const user = emulator.tenant.users[0];
    const inbox = await client.getMailFolder(user.id, 'inbox');
    const sent = await client.getMailFolder(user.id, 'sentitems');
    const pages = await collect(client.messagesDelta(user.id, inbox.id));
    const link = pages[pages.length - 1].deltaLink as string;
    const foreign = link.replace(encodeURIComponent(inbox.id), encodeURIComponent(sent.id)).replace(inbox.id, sent.id);
    await expect(collect(client.messagesDelta(user.id, sent.id, foreign))).rejects.toMatchObject({ name: 'GraphError', status: 400, code: 'InvalidToken' });
  });
});

async function emulatorWithClientFor(emulator: Emulator) {
  const { createGraphClient } = await import('./graph-client');
  return {
    client: createGraphClient({ ...emulator.credentials, pageSize: 7 }),
  };
}
