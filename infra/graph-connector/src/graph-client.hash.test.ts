import { GraphError } from './graph-error';
import { quickXorHash } from '@portal/quick-xor-hash';
import { collect, emulatorWithClient } from './test/emulator-client';
import type { GraphClientOptions } from './index';
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
  let clientFor: (extra?: Partial<GraphClientOptions>) => GraphClient;
  let driveId: string;
  let files: GraphDriveItem[];

  beforeAll(async () => {
    ({ emulator, client, clientFor } = await emulatorWithClient({ seed: 'hash-check' }));
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

  /** A client whose file downloads answer `body` (other requests go to the emulator). */
  const servingBody = (body: () => ReadableStream<Uint8Array>) =>
    clientFor({
      fetch: async (input, init) => (/\/content$/.test(new URL(input).pathname) ? new Response(body(), { status: 200 }) : fetch(input, init)),
    });

  it('fails the verified stream when the body fails midway, and cancels the body when the reader stops early', async () => {
    const expected = files[0].file?.hashes?.quickXorHash;
    const failing = servingBody(() => new ReadableStream({ start: (c) => (c.enqueue(new Uint8Array(10)), c.error(new Error('connection reset'))) }));
    await expect(bytesOf(await failing.downloadDriveItem(driveId, files[0].id, { quickXorHash: expected }))).rejects.toThrow('connection reset');

    let cancelled = false;
    const endless = servingBody(() => new ReadableStream({ pull: (c) => c.enqueue(new Uint8Array(1024)), cancel: () => void (cancelled = true) }));
    const download = await endless.downloadDriveItem(driveId, files[0].id, { quickXorHash: expected });
    for await (const chunk of download.stream) {
      expect((chunk as Uint8Array).length).toBeGreaterThan(0);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cancelled).toBe(true);
  });

  it("downloads from the item's downloadUrl in one request without the token, and through /content once that URL is refused", async () => {
    const file = files[0];
    const downloadUrl = String(file['@microsoft.graph.downloadUrl']);
    const seen: Array<{ path: string; token: boolean }> = [];
    const traced = clientFor({
      fetch: (input, init) => {
        const path = new URL(input).pathname;
        if (!path.endsWith('/token')) seen.push({ path, token: new Headers(init?.headers).has('authorization') });
        return fetch(input, init);
      },
    });
    const options = { quickXorHash: file.file?.hashes?.quickXorHash };
    expect(quickXorHash(await bytesOf(await traced.downloadDriveItem(driveId, file.id, { ...options, downloadUrl })))).toBe(options.quickXorHash);
    expect(seen).toEqual([{ path: new URL(downloadUrl).pathname, token: false }]);

    seen.length = 0;
    const expired = `${new URL(downloadUrl).origin}/_download/${Buffer.from('999.1.1').toString('base64url')}`;
    expect(quickXorHash(await bytesOf(await traced.downloadDriveItem(driveId, file.id, { ...options, downloadUrl: expired })))).toBe(options.quickXorHash);
    // (this fetch follows /content's 302 itself)
    expect(seen).toEqual([
      { path: new URL(expired).pathname, token: false },
      { path: `/v1.0/drives/${driveId}/items/${file.id}/content`, token: true },
    ]);
  });

  it('only checks when a hash is given (an item without one downloads as served)', async () => {
    emulator.setCorruption({ count: 1 });
    const bytes = await bytesOf(await client.downloadDriveItem(driveId, files[0].id));
    expect(quickXorHash(bytes)).not.toBe(files[0].file?.hashes?.quickXorHash);
  });
});
