import type { EngineDb } from '../ports';
import { hostIdle, restAfterItem } from './host-pace';
import { appendLog, DEFAULT_STALE_AFTER_SECONDS, heartbeatMsFor, saveProgress, type JobRow, type ProgressUpdate } from './job-store';

export class JobStopped extends Error {
  constructor(readonly reason: 'cancelled' | 'shutdown' | 'lost') {
    super(`job stopped: ${reason}`);
  }
}

/**
 * What a running job uses to report: counters (flushed with the heartbeat at most every second),
 * log lines, and `checkpoint()` which throws JobStopped when the job was cancelled, the worker is
 * shutting down, or another worker took the job over.
 */
export class JobContext {
  readonly progress: Required<Omit<ProgressUpdate, 'objectsTotal' | 'itemsTotal' | 'verifiedCount'>> & {
    objectsTotal: number | null;
    itemsTotal: number | null;
    verifiedCount: number | null;
  };
  private lastFlush = 0;
  private stopReason: JobStopped['reason'] | null = null;
  private heartbeat: NodeJS.Timeout;

  constructor(
    readonly db: EngineDb,
    readonly job: JobRow,
    readonly workerId: string,
    private readonly shuttingDown: () => boolean,
    heartbeatMs: number = heartbeatMsFor(DEFAULT_STALE_AFTER_SECONDS),
  ) {
    this.progress = {
      objectsDone: job.objects_done,
      objectsTotal: job.objects_total,
      itemsDone: Number(job.items_done),
      itemsTotal: job.items_total === null ? null : Number(job.items_total),
      bytesDone: Number(job.bytes_done),
      failedObjects: job.failed_objects,
      verifiedCount: job.verified_count,
    };
    // Slow work between checkpoints (a large download) must not look like a dead worker.
    this.heartbeat = setInterval(() => void this.flush(true).catch(() => undefined), heartbeatMs);
    this.heartbeat.unref();
  }

  async log(level: 'info' | 'warn' | 'error', message: string): Promise<void> {
    await appendLog(this.db, this.job.id, level, message);
  }

  async flush(force = false): Promise<void> {
    const now = Date.now();
    if (!force && now - this.lastFlush < 1000) return;
    this.lastFlush = now;
    const { cancelRequested, lost } = await saveProgress(this.db, this.job.id, this.workerId, this.progress);
    if (lost) this.stopReason = 'lost';
    else if (cancelRequested) this.stopReason ??= 'cancelled';
  }

  async checkpoint(): Promise<void> {
    if (this.shuttingDown()) this.stopReason ??= 'shutdown';
    if (!this.stopReason) await this.flush();
    if (this.stopReason) throw new JobStopped(this.stopReason);
  }

  get stopped(): boolean {
    return this.stopReason !== null || this.shuttingDown();
  }

  /** Why the job stopped, as the error the engine handles: a failure that happens after a stop is not the outcome. */
  stopError(): JobStopped {
    return new JobStopped(this.stopReason ?? 'shutdown');
  }

  dispose(): void {
    clearInterval(this.heartbeat);
  }
}

/**
 * Runs `work` over `items` with at most `limit` in flight; stops taking new ones once `stop()` is true.
 * While the host is busy (host-pace.ts) only the first lane takes new items, and it rests between them.
 */
export async function runPool<T>(items: Iterable<T> | T[], limit: number, work: (item: T) => Promise<void>, stop: () => boolean = () => false): Promise<void> {
  const iterator = (items as Iterable<T>)[Symbol.iterator]();
  let failure: unknown = null;
  // A held lane also wakes when the first one has ended (the items, or the run), so the pool ends.
  let firstLaneEnded: () => void = () => undefined;
  const firstLaneEnd = new Promise<void>((resolve) => (firstLaneEnded = resolve));
  const lanes = Array.from({ length: Math.max(1, limit) }, async (_, lane) => {
    try {
      for (;;) {
        if (lane > 0) await Promise.race([hostIdle(), firstLaneEnd]);
        if (failure || stop()) return;
        const next = iterator.next();
        if (next.done) return;
        const started = performance.now();
        try {
          await work(next.value);
        } catch (error) {
          failure ??= error;
        }
        if (lane === 0) await restAfterItem(performance.now() - started);
      }
    } finally {
      if (lane === 0) firstLaneEnded();
    }
  });
  await Promise.all(lanes);
  if (failure) throw failure;
}
