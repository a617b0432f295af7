import type { DeltaItem, DeltaPage } from '@portal/graph-connector';
import type { ItemRecord } from '../catalog/catalog';
import { FirstPages, type RoundStart } from './first-pages';

// Which rounds start with a page fetched in a batch, how many streams a batch holds, and what a
// failed batch leaves to the streams themselves.

const page = (id: string) => ({ items: [{ id }], removedIds: [], deltaLink: `https://graph.example/delta?${id}` }) as DeltaPage<DeltaItem>;
const record = (id: string) => ({ externalId: id }) as ItemRecord;

function rounds(streams: RoundStart[], fail = false) {
  const batches: string[][] = [];
  const prepared: string[][] = [];
  const firstPages = new FirstPages(
    streams,
    async (batch) => {
      batches.push(batch.map((round) => round.key));
      if (fail) throw new Error('batch refused');
      return new Map(batch.map((round) => [round.key, page(round.key)]));
    },
    async (pages) => {
      prepared.push(pages.map(({ id }) => id));
      return pages.map(({ id }) => [record(id)]);
    },
  );
  return { firstPages, batches, prepared };
}

describe('FirstPages', () => {
  const streams: RoundStart[] = Array.from({ length: 45 }, (_, i) => ({ id: `f${i}`, link: i === 3 ? undefined : `link-${i}`, resource: 'messages', storedWithBatch: true }));

  it('fetches the first pages of the next 20 rounds that go on from a link, as the backup reaches them, and stores them together', async () => {
    const { firstPages, batches, prepared } = rounds(streams);
    const first = await firstPages.first('f0', 'link-0');
    expect(first?.items).toEqual([{ id: 'f0' }]);
    expect(batches).toEqual([streams.filter((s) => s.link).slice(0, 20).map((s) => s.id)]);
    expect(prepared).toEqual(batches);
    expect(await firstPages.records(first!.items)).toEqual([record('f0')]);
    // A new round (no link) and a link other than the stored one start with their own request.
    expect(await firstPages.first('f3', undefined)).toBeUndefined();
    expect(await firstPages.first('f5', 'link-after-a-resync')).toBeUndefined();
    // Within the batch: no new request; the page is handed out once.
    expect((await firstPages.first('f7', 'link-7'))?.items).toEqual([{ id: 'f7' }]);
    expect(await firstPages.first('f7', 'link-7')).toBeUndefined();
    expect(batches).toHaveLength(1);
    // The first stream past the batch starts the next one.
    await firstPages.first('f21', 'link-21');
    expect(batches[1][0]).toBe('f21');
    expect(batches[1]).toHaveLength(20);
    // Pages from elsewhere have no stored records.
    expect(firstPages.records([{ id: 'f0' }])).toBeUndefined();
  });

  it('leaves every stream of a batch that failed as a whole to ask on its own', async () => {
    const { firstPages, batches, prepared } = rounds(streams, true);
    expect(await firstPages.first('f0', 'link-0')).toBeUndefined();
    expect(await firstPages.first('f1', 'link-1')).toBeUndefined();
    expect(batches).toHaveLength(1);
    expect(prepared).toEqual([]);
  });

  it("stores with the batch only the pages of streams marked so, hands out every stream's page, and sends no batch for a lone round", async () => {
    const mixed: RoundStart[] = [
      { id: 'mail:a', link: 'link-a', resource: 'messages', storedWithBatch: true },
      { id: 'calendar', link: 'link-c', resource: 'events' },
      { id: 'drive:d', link: 'link-d', resource: 'driveItems' },
    ];
    const { firstPages, batches, prepared } = rounds(mixed);
    await firstPages.first('mail:a', 'link-a');
    expect(batches).toEqual([['mail:a', 'calendar', 'drive:d']]);
    expect(prepared).toEqual([['mail:a']]);
    const drive = await firstPages.first('drive:d', 'link-d');
    expect(drive?.items).toEqual([{ id: 'drive:d' }]);
    expect(firstPages.records(drive!.items)).toBeUndefined();

    const lone = rounds([{ id: 'drive:d', link: 'link-d', resource: 'driveItems' }, { id: 'calendar', link: undefined, resource: 'events' }]);
    expect(await lone.firstPages.first('drive:d', 'link-d')).toBeUndefined();
    expect(lone.batches).toEqual([]);
  });
});
