import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { collect, emulatorWithClient } from './test/emulator-client';
import { SIMPLE_UPLOAD_LIMIT, UPLOAD_CHUNK_UNIT } from './constants';
import type { Emulator } from '@portal/m365-emulator';
import type { GraphClient, GraphClientOptions } from './index';

async function download(client: GraphClient, driveId: string, itemId: string): Promise<Buffer> {
  const { stream } = await client.downloadDriveItem(driveId, itemId);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('restore writes against the emulator', () => {
  let emulator: Emulator;
  let client: GraphClient;
  let clientFor: (extra?: Partial<GraphClientOptions>) => GraphClient;

  beforeAll(async () => {
    ({ emulator, client, clientFor } = await emulatorWithClient({ seed: 'restore', size: 400 }));
  });
  afterAll(() => emulator.stop());

  it('uploads a large file through an upload session and downloads it byte for byte', async () => {
    const requests: string[] = [];
    const traced = clientFor({ fetch: (input, init) => (requests.push(`${init?.method} ${new URL(input).pathname} ${(init?.headers as Record<string, string>)?.['content-range'] ?? ''}`.trim()), fetch(input, init)) });
    const drive = await traced.getUserDrive(emulator.tenant.users[0].id);
    const folder = await traced.ensureFolderPath(drive.id, '/Restored/2026');
    const content = randomBytes(SIMPLE_UPLOAD_LIMIT + 123_457);
    const item = await traced.uploadDriveItem(drive.id, folder.id, 'big.bin', content, { chunkSize: 4 * UPLOAD_CHUNK_UNIT });
    expect(item.size).toBe(content.length);
    expect(item.parentReference?.path).toBe('/drive/root:/Restored/2026');
    const ranges = requests.filter((r) => r.startsWith('PUT /_upload/'));
    expect(ranges.length).toBe(Math.ceil(content.length / (4 * UPLOAD_CHUNK_UNIT)));
    expect(ranges[0]).toMatch(new RegExp(`bytes 0-${4 * UPLOAD_CHUNK_UNIT - 1}/${content.length}$`));
    expect(requests.some((r) => r.includes('createUploadSession'))).toBe(true);
    expect((await download(traced, drive.id, item.id)).equals(content)).toBe(true);
    expect((await traced.getDriveItemByPath(drive.id, '/Restored/2026/big.bin'))?.id).toBe(item.id);
  });

  it('uploads from a stream with odd chunk boundaries and replaces an existing file', async () => {
    const drive = await client.getUserDrive(emulator.tenant.users[1].id);
    const root = await client.getDriveRoot(drive.id);
    const content = randomBytes(3 * UPLOAD_CHUNK_UNIT + 17);
    const pieces = [content.subarray(0, 1000), content.subarray(1000, 500_000), content.subarray(500_000)];
    const first = await client.uploadDriveItem(drive.id, root.id, 'stream.bin', { size: content.length, chunks: Readable.from(pieces) }, { forceSession: true, chunkSize: UPLOAD_CHUNK_UNIT });
    expect((await download(client, drive.id, first.id)).equals(content)).toBe(true);
    const replacement = Buffer.from('small replacement');
    const second = await client.uploadDriveItem(drive.id, root.id, 'stream.bin', replacement);
    expect(second.id).toBe(first.id);
    expect((await download(client, drive.id, first.id)).equals(replacement)).toBe(true);
    await expect(client.uploadDriveItem(drive.id, root.id, 'stream.bin', replacement, { conflictBehavior: 'fail' })).rejects.toMatchObject({ status: 409, code: 'nameAlreadyExists' });
    const renamed = await client.uploadDriveItem(drive.id, root.id, 'stream.bin', replacement, { conflictBehavior: 'rename' });
    expect(renamed.name).toBe('stream 1.bin');
  });

  it('rejects a stream that ends before the announced size and cancels the session', async () => {
    const drive = await client.getUserDrive(emulator.tenant.users[1].id);
    const short = randomBytes(UPLOAD_CHUNK_UNIT + 5);
    await expect(
      client.uploadDriveItemInSession(drive.id, 'root', 'short.bin', { size: short.length + 10, chunks: Readable.from([short]) }, { chunkSize: UPLOAD_CHUNK_UNIT }),
    ).rejects.toMatchObject({ code: 'UploadSizeMismatch' });
    expect(await client.getDriveItemByPath(drive.id, '/short.bin')).toBeNull();
  });

  it('restores a generated file into another drive with identical bytes', async () => {
    const source = await client.getUserDrive(emulator.tenant.users[0].id);
    const target = await client.getUserDrive(emulator.tenant.users[2].id);
    const file = (await collect(client.driveItemsDelta(source.id))).flatMap((p) => p.items).find((i) => i.file)!;
    const original = await download(client, source.id, file.id);
    const folder = await client.ensureFolderPath(target.id, `/Restore of ${emulator.tenant.users[0].displayName}`);
    const restored = await client.uploadDriveItem(target.id, folder.id, file.name, original);
    expect((await download(client, target.id, restored.id)).equals(original)).toBe(true);
  });

  it('restores a message from its MIME so that $value gives back the same bytes', async () => {
    const source = emulator.tenant.users[0];
    const target = emulator.tenant.users[1];
    const inbox = await client.getMailFolder(source.id, 'inbox');
    const message = (await collect(client.listMessages(source.id, inbox.id))).find((m) => m.hasAttachments)!;
    const mime = await client.getMessageMime(source.id, message.id);
    const folder = await client.createMailFolder(target.id, 'Restored items');
    const created = await client.createMessageFromMime(target.id, folder.id, mime);
    expect(created.subject).toBe(message.subject);
    expect(created.from).toEqual(message.from);
    expect(created.internetMessageId).toBe(message.internetMessageId);
    expect(created.isDraft).toBe(true);
    expect(Buffer.from(await client.getMessageMime(target.id, created.id)).equals(Buffer.from(mime))).toBe(true);
    const [originalAttachments, restoredAttachments] = await Promise.all([collect(client.listAttachments(source.id, message.id)), collect(client.listAttachments(target.id, created.id))]);
    expect(restoredAttachments.map((a) => [a.name, a.size, a.contentBytes])).toEqual(originalAttachments.map((a) => [a.name, a.size, a.contentBytes]));
    const listed = await collect(client.listMailFolders(target.id));
    expect(listed.find((f) => f.id === folder.id)).toMatchObject({ path: 'Restored items', totalItemCount: 1 });
    await expect(client.createMailFolder(target.id, 'Restored items')).rejects.toMatchObject({ status: 409 });
  });

  it('restores a message from JSON with a file attachment', async () => {
    const user = emulator.tenant.users[2];
    const archive = await client.getMailFolder(user.id, 'archive');
    const bytes = randomBytes(2048);
    const created = await client.createMessage(user.id, archive.id, {
      subject: 'Quarterly numbers',
      body: { contentType: 'html', content: '<p>See attached</p>' },
      toRecipients: [{ emailAddress: { name: 'Someone', address: 'someone@example.com' } }],
      attachments: [{ '@odata.type': '#microsoft.graph.fileAttachment', name: 'numbers.xlsx', contentType: 'application/octet-stream', contentBytes: bytes.toString('base64') }],
    });
    expect(created).toMatchObject({ subject: 'Quarterly numbers', hasAttachments: true, parentFolderId: archive.id });
    const [attachment] = await collect(client.listAttachments(user.id, created.id));
    expect(Buffer.from(attachment.contentBytes!, 'base64').equals(bytes)).toBe(true);
    const mime = Buffer.from(await client.getMessageMime(user.id, created.id)).toString('utf8');
    expect(mime).toContain('Subject: Quarterly numbers');
    expect(mime).toContain('filename="numbers.xlsx"');
  });

  it('restores events, contacts and channel messages, which then appear in the listings', async () => {
    const user = emulator.tenant.users[3];
    const event = await client.createEvent(user.id, {
      subject: 'Restored meeting',
      start: { dateTime: '2025-03-01T10:00:00.0000000', timeZone: 'UTC' },
      end: { dateTime: '2025-03-01T11:00:00.0000000', timeZone: 'UTC' },
      location: { displayName: 'Room 1' },
    });
    expect((await collect(client.listEvents(user.id))).find((e) => e.id === event.id)).toMatchObject({ subject: 'Restored meeting', location: { displayName: 'Room 1' } });
    const contact = await client.createContact(user.id, { givenName: 'Ada', surname: 'Lovelace', emailAddresses: [{ name: 'Ada', address: 'ada@example.com' }] });
    expect((await collect(client.listContacts(user.id))).find((c) => c.id === contact.id)).toMatchObject({ displayName: 'Ada Lovelace' });
    const team = (await collect(client.listTeams()))[0];
    const channel = (await collect(client.listChannels(team.id)))[0];
    const posted = await client.postChannelMessage(team.id, channel.id, { body: { contentType: 'html', content: '<p>restored</p>' }, createdDateTime: '2025-01-02T03:04:05Z' });
    const messages = await collect(client.listChannelMessages(team.id, channel.id));
    expect(messages.find((m) => m.id === posted.id)).toMatchObject({ body: { content: '<p>restored</p>' }, createdDateTime: '2025-01-02T03:04:05Z' });
  });
});
