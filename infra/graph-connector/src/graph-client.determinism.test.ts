import { createHash } from 'node:crypto';
import { collect, emulatorWithClient } from './test/emulator-client';

/** A digest of what a backup would read from the tenant: ids, JSON, MIME and file bytes. */
async function tenantDigest(seed: string, size: number): Promise<string> {
  const { emulator, client } = await emulatorWithClient({ seed, size });
  try {
    const hash = createHash('sha256');
    const users = await collect(client.listUsers());
    hash.update(JSON.stringify(users));
    for (const user of users.slice(0, 3)) {
      for (const folder of await collect(client.listMailFolders(user.id))) {
        const messages = (await collect(client.messagesDelta(user.id, folder.id))).flatMap((page) => page.items);
        hash.update(JSON.stringify(messages));
        for (const message of messages.slice(0, 2)) hash.update(await client.getMessageMime(user.id, message.id));
      }
      const drive = await client.getUserDrive(user.id);
      const items = (await collect(client.driveItemsDelta(drive.id))).flatMap((page) => page.items);
      // The download URL carries the emulator's port, which differs between runs by design.
      hash.update(JSON.stringify(items.map(({ '@microsoft.graph.downloadUrl': _url, ...rest }) => rest)));
      for (const file of items.filter((item) => item.file).slice(0, 3)) {
        for await (const chunk of (await client.downloadDriveItem(drive.id, file.id)).stream) hash.update(chunk as Buffer);
      }
      hash.update(JSON.stringify(await collect(client.listEvents(user.id))));
      hash.update(JSON.stringify(await collect(client.listContacts(user.id))));
    }
    for (const team of await collect(client.listTeams())) {
      for (const channel of await collect(client.listChannels(team.id))) hash.update(JSON.stringify(await collect(client.listChannelMessages(team.id, channel.id))));
    }
    return hash.digest('hex');
  } finally {
    await emulator.stop();
  }
}

describe('emulated tenant determinism through the connector', () => {
  it('gives the same tenant for the same seed and size, on a different port, and another one for another seed', async () => {
    const first = await tenantDigest('same', 500);
    expect(await tenantDigest('same', 500)).toBe(first);
    expect(await tenantDigest('other', 500)).not.toBe(first);
    expect(await tenantDigest('same', 900)).not.toBe(first);
  });
});
