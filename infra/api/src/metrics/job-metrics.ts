import type { Queryable } from '@portal/db';
import type { MetricFamily } from './exposition';

/** Gauges read from the backup tables at scrape time, so every API process reports the same truth. */
export interface BackupGauges {
  jobs: { type: string; status: string; count: number }[];
  finished: { type: string; status: string; count: number }[];
  protectedBytes: number;
  storedBytes: number;
  protectedItems: number;
  queued: number;
  running: number;
}

export async function readBackupGauges(db: Queryable): Promise<BackupGauges> {
  const [jobs, totals] = await Promise.all([
    db.query<{ type: string; status: string; count: number; finished: number }>(
      `select type, status, count(*)::float8 as count, count(finished_at)::float8 as finished
         from backup_jobs group by type, status order by type, status`,
    ),
    db.query<{ protected_bytes: number; stored_bytes: number; protected_items: number }>(
      `select (select coalesce(sum(size), 0)::float8 from backup_blobs) as protected_bytes,
              (select coalesce(sum(stored_size), 0)::float8 from backup_blobs) as stored_bytes,
              (select count(*)::float8 from backup_item_versions where valid_to_run is null) as protected_items`,
    ),
  ]);
  const count = (status: string) => jobs.rows.filter((row) => row.status === status).reduce((sum, row) => sum + Number(row.count), 0);
  return {
    jobs: jobs.rows.map((row) => ({ type: row.type, status: row.status, count: Number(row.count) })),
    finished: jobs.rows.filter((row) => Number(row.finished) > 0).map((row) => ({ type: row.type, status: row.status, count: Number(row.finished) })),
    protectedBytes: Number(totals.rows[0]?.protected_bytes ?? 0),
    storedBytes: Number(totals.rows[0]?.stored_bytes ?? 0),
    protectedItems: Number(totals.rows[0]?.protected_items ?? 0),
    queued: count('queued'),
    running: count('running'),
  };
}

export function backupFamilies(gauges: BackupGauges): MetricFamily[] {
  return [
    {
      name: 'portal_jobs',
      help: 'Backup and restore jobs in the jobs table, by type and status.',
      type: 'gauge',
      samples: gauges.jobs.map(({ type, status, count }) => ({ labels: { type, status }, value: count })),
    },
    {
      name: 'portal_jobs_finished_total',
      help: 'Jobs that have finished, by type and final status (grows as jobs finish).',
      type: 'counter',
      samples: gauges.finished.map(({ type, status, count }) => ({ labels: { type, status }, value: count })),
    },
    {
      name: 'portal_job_queue_depth',
      help: 'Jobs waiting for or held by a worker.',
      type: 'gauge',
      samples: [
        { labels: { state: 'queued' }, value: gauges.queued },
        { labels: { state: 'running' }, value: gauges.running },
      ],
    },
    { name: 'portal_protected_bytes', help: 'Bytes of protected content (original size of the stored blobs).', type: 'gauge', samples: [{ value: gauges.protectedBytes }] },
    { name: 'portal_stored_bytes', help: 'Bytes the blob store holds for them (compressed and encrypted).', type: 'gauge', samples: [{ value: gauges.storedBytes }] },
    { name: 'portal_protected_items', help: 'Items whose current version is in a backup.', type: 'gauge', samples: [{ value: gauges.protectedItems }] },
  ];
}

export function processFamilies(startedAt: Date): MetricFamily[] {
  const memory = process.memoryUsage();
  return [
    { name: 'portal_process_uptime_seconds', help: 'Seconds since the API process started.', type: 'gauge', samples: [{ value: (Date.now() - startedAt.getTime()) / 1000 }] },
    { name: 'portal_process_start_time_seconds', help: 'Start of the API process, seconds since the Unix epoch.', type: 'gauge', samples: [{ value: Math.floor(startedAt.getTime() / 1000) }] },
    { name: 'portal_process_heap_used_bytes', help: 'V8 heap in use.', type: 'gauge', samples: [{ value: memory.heapUsed }] },
    { name: 'portal_process_heap_total_bytes', help: 'V8 heap reserved.', type: 'gauge', samples: [{ value: memory.heapTotal }] },
    { name: 'portal_process_resident_memory_bytes', help: 'Resident set size of the API process.', type: 'gauge', samples: [{ value: memory.rss }] },
  ];
}
