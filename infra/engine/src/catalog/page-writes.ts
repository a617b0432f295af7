import type { BackupService } from '@portal/contracts';
import type { Checkpoint } from './checkpoints';
import type { ItemRecord, WriteCounts } from './catalog';

/** Items a delta page reported removed, in the container (folder, drive, channel) that reported them. */
export interface PageRemovals {
  service: BackupService;
  externalIds: string[];
  containerId: string;
}

interface Removal {
  containerId: string;
  externalId: string;
}

/**
 * Pages of one object's streams gathered for one transaction (catalog.ts writes them): the versions to
 * record, the removals, and each stream's checkpoint. Folding them keeps the outcome the pages would
 * have had written one by one, in order:
 * - an item recorded twice keeps its last record (the catalog holds one current version per item);
 * - a removal of a recorded item in the record's own container drops the record, and the item's
 *   current version still ends wherever it is (as the record's write would have ended it first);
 * - a later record of a removed item (same container) replaces the removal: the record ends the
 *   current version anyway, and a removal written after it would end the new one.
 * A moved item's counts may then read "changed" where the pages alone said "removed" and "added".
 */
export class PageWrites {
  /** Per service, external id -> record. */
  readonly records = new Map<BackupService, Map<string, ItemRecord>>();
  /** Per service, recorded items a later page removed: their current version ends, none is written. */
  readonly dropped = new Map<BackupService, Set<string>>();
  /** Per service, container and external id -> removal. */
  readonly removals = new Map<BackupService, Map<string, Removal>>();
  /** Where each stream continues once these are written. */
  readonly checkpoints = new Map<string, Checkpoint>();
  /** Records and removals held (what bounds a transaction's size and the work a kill loses). */
  size = 0;

  add(records: ItemRecord[], removed?: PageRemovals | null, checkpoint?: ({ stream: string } & Checkpoint) | null): void {
    for (const record of records) {
      const key = removalKey(record.containerId, record.externalId);
      if (this.removals.get(record.service)?.delete(key)) this.size -= 1;
      const byId = mapOf(this.records, record.service);
      if (!byId.has(record.externalId)) this.size += 1;
      byId.set(record.externalId, record);
    }
    if (removed) {
      const byId = this.records.get(removed.service);
      for (const externalId of removed.externalIds) {
        if (byId?.get(externalId)?.containerId === removed.containerId) {
          byId.delete(externalId);
          this.size -= 1;
          setOf(this.dropped, removed.service).add(externalId);
          continue;
        }
        const removals = mapOf(this.removals, removed.service);
        const key = removalKey(removed.containerId, externalId);
        if (!removals.has(key)) this.size += 1;
        removals.set(key, { containerId: removed.containerId, externalId });
      }
    }
    if (checkpoint) {
      const { stream, ...at } = checkpoint;
      this.checkpoints.set(stream, at);
    }
  }

  /** Everything held, for a statement set; the holder starts empty again. */
  take(): TakenWrites {
    const taken: TakenWrites = {
      ends: [...new Set([...this.records.keys(), ...this.dropped.keys()])].map((service) => ({
        service,
        recorded: new Set(this.records.get(service)?.keys()),
        ids: [...new Set([...(this.records.get(service)?.keys() ?? []), ...(this.dropped.get(service) ?? [])])],
      })).filter((end) => end.ids.length > 0),
      records: [...this.records.values()].flatMap((byId) => [...byId.values()]),
      removals: [...this.removals].map(([service, byKey]) => ({ service, removals: [...byKey.values()] })).filter((r) => r.removals.length > 0),
      checkpoints: [...this.checkpoints].map(([stream, at]) => ({ stream, ...at })),
    };
    this.records.clear();
    this.dropped.clear();
    this.removals.clear();
    this.checkpoints.clear();
    this.size = 0;
    return taken;
  }
}

/** What PageWrites held, ready to write. */
export interface TakenWrites {
  /** Per service, the items whose current version ends (recorded ones get a new version). */
  ends: Array<{ service: BackupService; ids: string[]; recorded: Set<string> }>;
  records: ItemRecord[];
  removals: Array<{ service: BackupService; removals: Removal[] }>;
  checkpoints: Array<{ stream: string } & Checkpoint>;
}

export function emptyCounts(): WriteCounts {
  return { added: 0, changed: 0, removed: 0 };
}

export function addCounts(into: WriteCounts, more: WriteCounts): void {
  into.added += more.added;
  into.changed += more.changed;
  into.removed += more.removed;
}

// A container id never holds a newline (Graph ids and the catalog's own names), so the pair is one key.
const removalKey = (containerId: string, externalId: string) => `${containerId}\n${externalId}`;

function mapOf<K, V>(maps: Map<BackupService, Map<K, V>>, service: BackupService): Map<K, V> {
  let map = maps.get(service);
  if (!map) maps.set(service, (map = new Map()));
  return map;
}

function setOf<V>(sets: Map<BackupService, Set<V>>, service: BackupService): Set<V> {
  let set = sets.get(service);
  if (!set) sets.set(service, (set = new Set()));
  return set;
}
