import { collect, emulatorWithClient } from './test/emulator-client';
import type { Emulator } from '@portal/m365-emulator';
import type { GraphClient, GraphPage, GraphUser } from './index';

describe('graph client paging against the emulator', () => {
  let emulator: Emulator;
  let client: GraphClient;
  let clientFor: Awaited<ReturnType<typeof emulatorWithClient>>['clientFor'];
  const emulatorClient = (pageSize: number) => clientFor({ pageSize });

  beforeAll(async () => {
    ({ emulator, client, clientFor } = await emulatorWithClient());
  });
  afterAll(() => emulator.stop());

  it('follows @odata.nextLink until every user is listed, each exactly once', async () => {
    const pages = await collect(client.pages<GraphUser>('/users', { query: { $top: 2 } }));
    const users = pages.flatMap((page: GraphPage<GraphUser>) => page.items);
    expect(pages.length).toBe(Math.ceil(emulator.tenant.users.length / 2));
    expect(pages.slice(0, -1).every((page) => page.items.length === 2 && page.nextLink?.includes('$skiptoken='))).toBe(true);
    expect(pages[pages.length - 1].nextLink).toBeUndefined();
    expect(new Set(users.map((u) => u.id)).size).toBe(emulator.tenant.users.length);
    expect(users.map((u) => u.userPrincipalName)).toEqual(emulator.tenant.users.map((u) => u.userPrincipalName));
  });

  it('lists every message of a folder across pages and matches the folder total', async () => {
    const user = (await collect(client.listUsers()))[0];
    const folders = await collect(client.listMailFolders(user.id));
    expect(folders.map((f) => f.path)).toEqual(expect.arrayContaining(['Inbox', 'Inbox/Projects', 'Sent Items', 'Archive']));
    for (const folder of folders) {
      const messages = await collect(client.listMessages(user.id, folder.id));
      expect(messages).toHaveLength(folder.totalItemCount ?? -1);
      expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
      for (const message of messages) expect(message.parentFolderId).toBe(folder.id);
    }
  });

  it('pages drive children and walks the whole folder tree to the same set the delta round returns', async () => {
    const user = (await collect(client.listUsers()))[1];
    const drive = await client.getUserDrive(user.id);
    const root = await client.getDriveRoot(drive.id);
    const walked: string[] = [root.id];
    const queue = [root.id];
    while (queue.length) {
      const id = queue.shift() as string;
      for await (const child of client.listChildren(drive.id, id)) {
        walked.push(child.id);
        if (child.folder) queue.push(child.id);
      }
    }
    const delta = (await collect(client.driveItemsDelta(drive.id))).flatMap((page) => page.items.map((item) => item.id));
    expect(new Set(walked)).toEqual(new Set(delta));
    expect(walked.length).toBeGreaterThan(3);
  });

  it('enumerates sites, groups, teams, channels, channel messages, events and contacts', async () => {
    const sites = await collect(client.listSites());
    const groups = await collect(client.listGroups());
    const teams = await collect(client.listTeams());
    expect(sites.length).toBe(emulator.tenant.sites.length);
    expect(groups.length).toBe(emulator.tenant.groups.length);
    expect(teams.map((t) => t.id)).toEqual(groups.filter((g) => g.resourceProvisioningOptions?.includes('Team')).map((g) => g.id));
    const siteDrives = await collect(client.listSiteDrives(sites[0].id));
    expect(siteDrives.map((d) => d.name)).toEqual(['Documents', 'Site Assets']);
    expect((await client.getGroupDrive(groups[0].id)).driveType).toBe('documentLibrary');
    const channels = await collect(client.listChannels(teams[0].id));
    expect(channels[0].displayName).toBe('General');
    let channelMessages = 0;
    for (const channel of channels) channelMessages += (await collect(client.listChannelMessages(teams[0].id, channel.id))).length;
    const expected = emulator.tenant.channels.filter((c) => c.groupIdx === 0).reduce((sum, c) => sum + emulator.tenant.containers[c.containerNo].count, 0);
    expect(channelMessages).toBe(expected);
    const user = emulator.tenant.users[0];
    expect((await collect(client.listEvents(user.id))).length).toBe(emulator.tenant.containers[user.eventsNo].count);
    expect((await collect(client.listContacts(user.id))).length).toBe(emulator.tenant.containers[user.contactsNo].count);
  });

  it('reads a message as JSON, as MIME and with its attachments consistently', async () => {
    const user = emulator.tenant.users[0];
    const inbox = await client.getMailFolder(user.id, 'inbox');
    expect(inbox.displayName).toBe('Inbox');
    const messages = await collect(client.listMessages(user.id, inbox.id));
    const withAttachment = messages.find((m) => m.hasAttachments);
    expect(withAttachment).toBeDefined();
    const message = await client.getMessage(user.id, withAttachment!.id);
    const mime = Buffer.from(await client.getMessageMime(user.id, message.id)).toString('utf8');
    expect(mime).toContain(`Subject: ${message.subject}`);
    expect(mime).toContain(`Message-ID: ${message.internetMessageId}`);
    const attachments = await collect(client.listAttachments(user.id, message.id));
    expect(attachments.length).toBeGreaterThan(0);
    for (const attachment of attachments) {
      expect(Buffer.from(attachment.contentBytes ?? '', 'base64').length).toBe(attachment.size);
      expect(mime).toContain(`filename="${attachment.name}"`);
    }
  });

  it('streams drive item content with the size the item reports', async () => {
    const drive = await client.getUserDrive(emulator.tenant.users[0].id);
    const files = (await collect(client.driveItemsDelta(drive.id))).flatMap((p) => p.items).filter((i) => i.file);
    const file = files[0];
    const { stream, size } = await client.downloadDriveItem(drive.id, file.id);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(size).toBe(file.size);
    expect(Buffer.concat(chunks).length).toBe(file.size);
  });
  it('keeps directory lists within their $top limit (999) when the page size is larger', async () => {
    const big = emulatorClient(1000);
    expect(await collect(big.listUsers())).toHaveLength(emulator.tenant.users.length);
    expect(await collect(big.listGroups())).toHaveLength(emulator.tenant.groups.length);
    expect((await collect(big.listTeams())).length).toBe(emulator.tenant.groups.filter((g) => g.isTeam).length);
  });
});
