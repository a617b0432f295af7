import type { JobQueue } from '../ports';

export const PG_BOSS_QUEUE = 'portal-backup-jobs';

/**
 * With DATABASE_URL several worker processes share the queue through pg-boss (SKIP LOCKED delivery,
 * expiry and retries of jobs whose worker died). The backup_jobs row stays the record: a handler that
 * finds its job already taken by a live worker simply returns.
 */
export function createPgBossQueue(options: { databaseUrl: string; schema?: string; concurrency?: number }): JobQueue {
  // pg-boss is an ES module; loaded lazily so processes that use the embedded queue never load it.
  let boss: { start(): Promise<unknown>; stop(o?: unknown): Promise<void>; createQueue(n: string, o?: unknown): Promise<void>; send(n: string, d: object, o?: object): Promise<string | null>; work(n: string, o: object, h: (jobs: Array<{ data: { jobId: string } }>) => Promise<void>): Promise<string>; on(e: string, f: (e: unknown) => void): void } | null = null;
  async function ensure() {
    if (boss) return boss;
    const { PgBoss } = (await import('pg-boss')) as unknown as { PgBoss: new (o: object) => NonNullable<typeof boss> };
    boss = new PgBoss({ connectionString: options.databaseUrl, schema: options.schema ?? 'pgboss' });
    boss.on('error', () => undefined);
    await boss.start();
    await boss.createQueue(PG_BOSS_QUEUE, { retryLimit: 3, retryDelay: 5, expireInSeconds: 6 * 3600 }).catch(() => undefined);
    return boss;
  }
  return {
    kind: 'pg-boss',
    async enqueue(jobId) {
      // No singleton key: a job re-announced after its worker died must be deliverable again, and a
      // duplicate delivery is harmless because claiming the backup_jobs row is conditional.
      await (await ensure()).send(PG_BOSS_QUEUE, { jobId });
    },
    async start(handle) {
      const b = await ensure();
      const lanes = options.concurrency ?? 2;
      for (let i = 0; i < lanes; i += 1) {
        await b.work(PG_BOSS_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) await handle(job.data.jobId);
        });
      }
    },
    async stop() {
      await boss?.stop({ graceful: true, wait: true, timeout: 20_000 });
      boss = null;
    },
  };
}
