import type { BackupService } from '@portal/contracts';
import type { EngineDb } from '../ports';
import { writePages, type ItemRecord, type PageEnd, type WriteCounts } from './catalog';
import type { Checkpoint } from './checkpoints';
import { addCounts, emptyCounts, PageWrites } from './page-writes';

/**
 * Records and removals an object's pages may gather before they are written (with their streams'
 * checkpoints) in one transaction. It bounds the transaction and what a kill loses: the pages since
 * the last write, which the resumed run reads again from the stored checkpoints.
 */
export const PAGE_WRITES_LIMIT = 250;

/**
 * What one object's backup writes to the catalog: its streams' pages, gathered and written together
 * (on PGlite each statement costs about half a millisecond, and an incremental run changes a few items
 * in each of many folders), and, as the object ends, in the same transaction:
 * - the checkpoints of pages that stored nothing (most streams of an incremental run);
 * - the end of current versions outside the containers (folders, drives, channels) each service still
 *   has: a container deleted as a whole reports no removals of its own.
 * Waiting loses no stored work: a kill before the write only makes the resumed run read those pages
 * again from their streams' stored checkpoints (their contents are in the blob store already, and a
 * version the same run wrote is replaced, not duplicated).
 */
export class ObjectWrites {
  private readonly pages = new PageWrites();
  /** Per service, the containers whose versions stay. */
  private readonly kept = new Map<BackupService, string[]>();
  private readonly counts = emptyCounts();

  constructor(
    private readonly db: EngineDb,
    private readonly setId: string,
    private readonly objectId: string,
    private readonly runSeq: number,
    private readonly limit = PAGE_WRITES_LIMIT,
  ) {}

  /** A page's records, removals and checkpoint; written once the gathered pages reach the limit. */
  async page(records: ItemRecord[], end: PageEnd): Promise<void> {
    this.pages.add(records, end.removed, end.checkpoint);
    if (this.pages.size >= this.limit) await this.writePages();
  }

  /** Gathers the stream's checkpoint, written with the object's next write. */
  note(stream: string, checkpoint: Checkpoint): void {
    this.pages.add([], null, { stream, ...checkpoint });
  }

  /** Writes the stream's checkpoint now (with what was gathered before it), in place of its earlier one. */
  async write(stream: string, checkpoint: Checkpoint): Promise<void> {
    this.note(stream, checkpoint);
    await this.writePages();
  }

  /** The service's current versions outside these containers end with the object. */
  closeOutside(service: BackupService, containerIds: string[]): void {
    this.kept.set(service, containerIds);
  }

  /** Writes what was gathered and what ends the object; returns the counts of everything written through it. */
  async flush(): Promise<WriteCounts> {
    const outside = this.kept.size
      ? // service:container keys (a service's name has no colon), so one array holds every service's containers.
        { services: [...this.kept.keys()], kept: [...this.kept].flatMap(([service, ids]) => ids.map((id) => `${service}:${id}`)) }
      : undefined;
    this.kept.clear();
    await this.writePages(outside);
    return { ...this.counts };
  }

  private async writePages(outside?: Parameters<typeof writePages>[5]): Promise<void> {
    addCounts(this.counts, await writePages(this.db, this.setId, this.objectId, this.runSeq, this.pages.take(), outside));
  }
}
