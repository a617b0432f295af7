import { GraphError } from './graph-error';
import { quickXorHash } from '@portal/quick-xor-hash';
import { collect, emulatorWithClient } from './test/emulator-client';
import type { Emulator } from '@portal/m365-emulator';
import type { DownloadedContent, GraphClient, GraphDriveItem } from './types';

async function bytesOf(download: DownloadedContent): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of download.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('download verification against file.hashes.quickXorHash', () => {
  let emulator: Emulator;
  let client: GraphClient;
  let driveId: string;
  let files: GraphDriveItem[];

  beforeAll(async () => {
    ({ emulator, client } = await emulatorWithClient({ seed: 'hash-check' }));
    driveId = emulator.tenant.drives[emulator.tenant.users[0].driveNo].id;
    const pages = await collect(client.driveItemsDelta(driveId));
    files = pages.flatMap((page) => page.items).filter((item) => item.file && (item.size ?? 0) > 0);
  });
  afterAll(() => emulator.stop());
  afterEach(() => emulator.setCorruption(null));

  it('passes the bytes through when they match the hash Graph reported', async () => {
    for (const file of files.slice(0, 3)) {
      const expected = file.file?.hashes?.quickXorHash;
      expect(expected).toEqual(expect.any(String));
      const bytes = await bytesOf(await client.downloadDriveItem(driveId, file.id, { quickXorHash: expected }));
      expect(bytes.length).toBe(file.size);
      expect(quickXorHash(bytes)).toBe(expected);
    }
  });

  it('fails a corrupted download with ContentHashMismatch, and the retry gets the right bytes', async () => {
    const file = files[0];
    const expected = file.file?.hashes?.quickXorHash;
    emulator.setCorruption({ count: 1 });
    const failure = await bytesOf(await client.downloadDriveItem(driveId, file.id, { quickXorHash: expected })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GraphError);
    expect(failure).toMatchObject({ code: 'ContentHashMismatch', status: 0 });
    expect((failure as GraphError).message).toContain(String(expected));
    const retried = await bytesOf(await client.downloadDriveItem(driveId, file.id, { quickXorHash: expected }));
    expect(quickXorHash(retried)).toBe(expected);
  });

  it('only checks when a hash is given (an item without one downloads as served)', async () => {
    emulator.setCorruption({ count: 1 });
    const bytes = await bytesOf(await client.downloadDriveItem(driveId, files[0].id));
    expect(quickXorHash(bytes)).not.toBe(files[0].file?.hashes?.quickXorHash);
  });
});
