import type { BackupService } from '@portal/contracts';
import type { EngineQueryable } from '../ports';
import { endVersions } from './catalog';
import { checkpointsJson, checkpointsSql, writeCheckpoint, type Checkpoint } from './checkpoints';

/**
 * What one object's backup writes as it ends, in one statement (flush): on PGlite each statement costs
 * about half a millisecond, and an incremental run's objects mostly change nothing.
 *
 * - The checkpoints of pages that stored nothing (most streams of an incremental run). Waiting loses no
 *   stored work: a kill before the flush only makes the resumed run read those streams again from their
 *   stored link, which lists the same nothing (or what changed since). A checkpoint that comes with
 *   stored items or removals is still written in their transaction, and it, or one written alone,
 *   replaces the stream's waiting one.
 * - The end of current versions outside the containers (folders, drives, channels) each service still
 *   has: a container deleted as a whole reports no removals of its own.
 */
export class ObjectEnd {
  private readonly waiting = new Map<string, Checkpoint>();
  /** Per service, the containers whose versions stay. */
  private readonly kept = new Map<BackupService, string[]>();

  constructor(
    private readonly db: EngineQueryable,
    private readonly objectId: string,
    private readonly runSeq: number,
  ) {}

  wait(stream: string, checkpoint: Checkpoint): void {
    this.waiting.set(stream, checkpoint);
  }

  /** The stream's checkpoint was stored: a waiting older one must not overwrite it. */
  stored(stream: string): void {
    this.waiting.delete(stream);
  }

  /** Writes the stream's checkpoint now, in place of its waiting one. */
  async write(stream: string, checkpoint: Checkpoint): Promise<void> {
    this.waiting.delete(stream);
    await writeCheckpoint(this.db, this.objectId, stream, checkpoint);
  }

  /** The service's current versions outside these containers end with the object. */
  closeOutside(service: BackupService, containerIds: string[]): void {
    this.kept.set(service, containerIds);
  }

  /** Writes what waits; returns the number of versions it ended. */
  async flush(): Promise<number> {
    if (!this.waiting.size && !this.kept.size) return 0;
    const checkpoints = [...this.waiting].map(([stream, checkpoint]) => ({ stream, ...checkpoint }));
    // service:container keys (a service's name has no colon), so one array holds every service's containers.
    const kept = [...this.kept].flatMap(([service, containerIds]) => containerIds.map((id) => `${service}:${id}`));
    const { rows } = await this.db.query(
      endVersions(
        `select id, valid_from_run from backup_item_versions
          where object_id = $1 and service = any($2::text[]) and valid_to_run is null and not (service || ':' || container_id = any($3::text[]))`,
        checkpoints.length ? [`checkpoints as (${checkpointsSql('$1', '$5')})`] : [],
      ),
      [this.objectId, [...this.kept.keys()], kept, this.runSeq, ...(checkpoints.length ? [checkpointsJson(checkpoints)] : [])],
    );
    this.waiting.clear();
    this.kept.clear();
    return rows.length;
  }
}
