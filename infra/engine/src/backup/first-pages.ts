import { BATCH_LIMIT, type DeltaPage } from '@portal/graph-connector';
import type { ItemRecord } from '../catalog/catalog';

/** A stream of the object, and the link its round goes on from in this run (none: a new round, or done). */
export interface RoundStart {
  id: string;
  link: string | undefined;
}

/**
 * The first pages of many delta rounds of one object (a mailbox's folders), fetched and stored
 * together: an incremental run mostly reads one page per folder, with a change or two in a few. When
 * the backup reaches a stream whose round goes on from its stored link and whose first page is not
 * fetched yet, it and the next BATCH_LIMIT - 1 such streams get theirs in one request (`fetch`, a
 * JSON batch), and `prepare` stores those pages' contents at once (one change-tag lookup, one round
 * of content fetches and blob puts for all). So a page waits for at most the streams before it in its
 * batch. A new round, a later page, or a stream whose page the batch did not bring (its answer or the
 * whole batch failed) is read on its own.
 */
export class FirstPages<T> {
  private readonly links: Map<string, string | undefined>;
  private readonly asked = new Set<string>();
  private readonly fetched = new Map<string, DeltaPage<T>>();
  private readonly prepared = new WeakMap<T[], { stored: Promise<ItemRecord[][]>; index: number }>();

  constructor(
    private readonly streams: RoundStart[],
    private readonly fetch: (batch: Array<{ id: string; link: string }>) => Promise<Map<string, DeltaPage<T>>>,
    private readonly prepare: (pages: Array<{ id: string; page: DeltaPage<T> }>) => Promise<ItemRecord[][]>,
  ) {
    this.links = new Map(streams.map((stream) => [stream.id, stream.link]));
  }

  /** The round's first page when the round goes on from `link` as the run started, fetched with its batch; else undefined. */
  async first(id: string, link: string | undefined): Promise<DeltaPage<T> | undefined> {
    if (link === undefined || this.links.get(id) !== link) return undefined;
    if (!this.asked.has(id)) await this.fetchFrom(id);
    const page = this.fetched.get(id);
    this.fetched.delete(id);
    return page;
  }

  /** The records of a page `first` gave (its items, as that page holds them), stored with its batch; else undefined. */
  records(items: T[]): Promise<ItemRecord[]> | undefined {
    const prepared = this.prepared.get(items);
    return prepared?.stored.then((records) => records[prepared.index]);
  }

  private async fetchFrom(id: string): Promise<void> {
    const from = this.streams.findIndex((stream) => stream.id === id);
    const batch = this.streams
      .slice(from)
      .filter((stream) => stream.link !== undefined && !this.asked.has(stream.id))
      .slice(0, BATCH_LIMIT)
      .map((stream) => ({ id: stream.id, link: stream.link! }));
    for (const stream of batch) this.asked.add(stream.id);
    // A batch that fails as a whole (refused, throttled past the retries) leaves each stream to ask on
    // its own, which reports its own error if there is one.
    const answered = await this.fetch(batch).catch(() => new Map<string, DeltaPage<T>>());
    const pages = [...answered].map(([pageId, page]) => ({ id: pageId, page }));
    if (!pages.length) return;
    const stored = this.prepare(pages);
    // Awaited by each page's stream as it comes; a failure fails the first of them (and the object).
    stored.catch(() => undefined);
    pages.forEach(({ id: pageId, page }, index) => {
      this.fetched.set(pageId, page);
      this.prepared.set(page.items, { stored, index });
    });
  }
}
