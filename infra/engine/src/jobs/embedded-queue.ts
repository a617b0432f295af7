import type { EngineDb, JobQueue } from '../ports';
import { claimableJobIds } from './job-store';

/**
 * The embedded default: workers in the server process take jobs straight from the backup_jobs
 * table. `enqueue` wakes the loop at once; the poll also picks up jobs a dead worker left running.
 */
export function createEmbeddedQueue(db: EngineDb, options: { concurrency?: number; pollMs?: number; staleAfterSeconds?: number } = {}): JobQueue {
  const concurrency = options.concurrency ?? 2;
  const pollMs = options.pollMs ?? 2000;
  const active = new Map<string, Promise<void>>();
  let handler: ((jobId: string) => Promise<void>) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let ticking = false;

  async function tick() {
    if (!handler || stopped || ticking) return;
    ticking = true;
    try {
      const free = concurrency - active.size;
      if (free <= 0) return;
      const ids = (await claimableJobIds(db, free + active.size, options.staleAfterSeconds)).filter((id) => !active.has(id)).slice(0, free);
      for (const id of ids) {
        const run = handler(id)
          .catch(() => undefined)
          .finally(() => {
            active.delete(id);
            if (!stopped) setImmediate(() => void tick());
          });
        active.set(id, run);
      }
    } catch {
      // The database may be closing or briefly unavailable; the next poll tries again.
    } finally {
      ticking = false;
    }
  }

  return {
    kind: 'embedded',
    async enqueue() {
      setImmediate(() => void tick());
    },
    async start(handle) {
      handler = handle;
      stopped = false;
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
      void tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.all(active.values());
    },
  };
}
