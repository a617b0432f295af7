import { BATCH_LIMIT, type DeltaItem, type DeltaPage, type DeltaResource, type DeltaRound } from '@portal/graph-connector';
import type { ItemRecord } from '../catalog/catalog';

/** A stream of the object, and the link its round goes on from in this run (none: a new round, or done). */
export interface RoundStart {
  id: string;
  link: string | undefined;
  resource: DeltaResource;
  /** Its page's contents are stored with the batch's (`prepare`): a mailbox folder's messages. */
  storedWithBatch?: boolean;
}

/** A stream's round as Graph's client takes it (its page keyed by the stream). */
export const deltaRound = (stream: RoundStart): DeltaRound => ({ key: stream.id, resource: stream.resource, link: stream.link! });

/**
 * The first pages of many delta rounds of one object (a user's mail folders, calendar view, contact
 * folders and OneDrive), fetched together: an incremental run mostly reads one page per round, with a
 * change or two in a few. When the backup reaches a stream whose round goes on from its stored link
 * and whose first page is not fetched yet, it and the next BATCH_LIMIT - 1 such streams get theirs in
 * one request (`fetch`, a JSON batch keyed by stream), and `prepare` stores the contents of those pages marked
 * storedWithBatch at once (one change-tag lookup, one round of content fetches and blob puts for
 * all). So a page waits for at most the streams before it in its batch. A new round, a later page, a
 * stream alone in its batch (a batch of one saves nothing), or a stream whose page the batch did not
 * bring (its answer or the whole batch failed) is read on its own.
 */
export class FirstPages {
  private readonly links: Map<string, string | undefined>;
  private readonly asked = new Set<string>();
  private readonly fetched = new Map<string, DeltaPage<DeltaItem>>();
  private readonly prepared = new WeakMap<unknown[], { stored: Promise<ItemRecord[][]>; index: number }>();

  constructor(
    private readonly streams: RoundStart[],
    private readonly fetch: (rounds: DeltaRound[]) => Promise<Map<string, DeltaPage<DeltaItem>>>,
    private readonly prepare: (pages: Array<{ id: string; page: DeltaPage<DeltaItem> }>) => Promise<ItemRecord[][]>,
  ) {
    this.links = new Map(streams.map((stream) => [stream.id, stream.link]));
  }

  /**
   * The round's first page when the round goes on from `link` as the run started, fetched with its
   * batch; else undefined. `T` is the stream's own item type: the page is the one its link answered.
   */
  async first<T extends DeltaItem>(id: string, link: string | undefined): Promise<DeltaPage<T> | undefined> {
    if (link === undefined || this.links.get(id) !== link) return undefined;
    if (!this.asked.has(id)) await this.fetchFrom(id);
    const page = this.fetched.get(id);
    this.fetched.delete(id);
    return page as DeltaPage<T> | undefined;
  }

  /** The records of a page `first` gave (its items, as that page holds them), stored with its batch; else undefined. */
  records(items: unknown[]): Promise<ItemRecord[]> | undefined {
    const prepared = this.prepared.get(items);
    return prepared?.stored.then((records) => records[prepared.index]);
  }

  private async fetchFrom(id: string): Promise<void> {
    const from = this.streams.findIndex((stream) => stream.id === id);
    const batch = this.streams.slice(from).filter((stream) => stream.link !== undefined && !this.asked.has(stream.id)).slice(0, BATCH_LIMIT);
    for (const stream of batch) this.asked.add(stream.id);
    if (batch.length < 2) return;
    // A batch that fails as a whole (refused, throttled past the retries) leaves each stream to ask on
    // its own, which reports its own error if there is one.
    const answered = await this.fetch(batch.map(deltaRound)).catch(() => new Map<string, DeltaPage<DeltaItem>>());
    this.take(answered);
  }

  /**
   * Pages fetched already, by stream, each for the link its stream's round goes on from (a batch that
   * opened the object): their streams are not asked for again, and those storedWithBatch are stored
   * together. Pages of streams this object does not have (a folder deleted since) are ignored.
   */
  seed(pages: Map<string, DeltaPage<DeltaItem>>): void {
    const known = new Map([...pages].filter(([id]) => this.links.get(id) !== undefined && !this.asked.has(id)));
    for (const id of known.keys()) this.asked.add(id);
    this.take(known);
  }

  private take(answered: Map<string, DeltaPage<DeltaItem>>): void {
    for (const [pageId, page] of answered) this.fetched.set(pageId, page);
    const storedWithBatch = new Set(this.streams.filter((stream) => stream.storedWithBatch).map((stream) => stream.id));
    const pages = [...answered].filter(([pageId]) => storedWithBatch.has(pageId)).map(([pageId, page]) => ({ id: pageId, page }));
    if (!pages.length) return;
    const stored = this.prepare(pages);
    // Awaited by each page's stream as it comes; a failure fails the first of them (and the object).
    stored.catch(() => undefined);
    pages.forEach(({ page }, index) => this.prepared.set(page.items, { stored, index }));
  }
}
