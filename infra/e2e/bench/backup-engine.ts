// Backup engine figures. Run: `pnpm bench:backup`. Each backup line carries the load average, since the
// machine may be shared, and (emulator in its own process) the CPU seconds of this process and of the
// emulator's: the engine's share of the work, whatever the load did to the wall time.
// 1. Full backup of the default demo tenant (emulator seed portal-demo, default size) through the real
//    engine on PGlite: time, items/s, memory peak (sampled every 50 ms); the same at a quarter of the
//    size, to show whether memory grows with the tenant.
// 2. Incremental after mutating 1% of the tenant, as a ratio of the full time (and one more a day on, every
//    blob's lease run out, as a deployment runs from its second day); then the full backup again
//    with the engine on a thread of its own and PGlite on another, as the API runs it; then full and
//    incremental on PostgreSQL (BENCH_DATABASE_URL); then a full backup at BENCH_LARGE_SIZE (200 000; 0
//    skips it) for the memory peak as the tenant grows. After each database's incrementals and the large
//    full: what the next run's snapshot count of the largest object costs, counted whole (the peer) and
//    from its last snapshot (what the engine does).
// 2b. The same full and incremental backups with Graph's documented service limits on in the emulator
//    (4 Outlook requests at once per mailbox, 10,000 per 10 minutes; channel message reads 20/s) and
//    each Outlook request taking BENCH_GRAPH_LATENCY_MS (default 30), against the least time those
//    limits allow for the requests the run made (BENCH_SKIP_THROTTLED=1 skips it).
// 3. Dedup ratio (logical bytes referenced by item versions / unique bytes in the blob store) and the
//    compression + encryption ratio (unique bytes / bytes written).
// 4. Item search p50/p95 over one million catalog rows, on PGlite and (when reachable) PostgreSQL
//    (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). The rows are synthetic,
//    written with the engine's own search expression; the queries are the API's (searchItems).
// The emulator runs in its own process for 1-2 (BENCH_EMULATOR_INLINE=1: in this one), as Graph would.
// Env: BENCH_SIZE (emulator size, default the emulator's), BENCH_SEARCH_ROWS (1 000 000), BENCH_SKIP_PG=1, BENCH_SKIP_THREAD=1,
// BENCH_SKIP_BACKUP=1 (search figures only), BENCH_SKIP_SEARCH=1 (backup figures only), BENCH_SKIP_PGLITE=1 (no PGlite backups or search), BENCH_VERBOSE=1 (each query's total and time),
// BENCH_PG_SCHEMA=<name> (keep the PostgreSQL search catalog in that schema), BENCH_REUSE_CATALOG=1 (with it: search the catalog a former run kept there, new migrations applied),
// BENCH_INCREMENTAL_RUNS (5: incrementals per database, the ratio is their median's),
// BENCH_PROFILE=<folder> (CPU profile of each full and incremental backup: the file, and the largest self times by module and function).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { itemSearchQuerySchema } from '../../../shared/contracts/src/backup';
import { createEmbeddedQueue, createEngine, createLocalObjectStore, insertTenant, SEARCH_TEXT, startEngineThread, type Engine, type EngineThread } from '../../engine/src/index';
import { DEFAULT_SIZE, startEmulator, type Emulator, type MutationSummary } from '../../m365-emulator/src/index';
import { startEmulatorProcess } from './emulator-process';
import { profiled } from './cpu-profile';
import { BENCH_PG_URL, onEachDatabase } from './bench-databases';
import { migrate, openDatabase, type Db } from '../../db/src/index';
import { seedDemo } from '../../api/src/seed/seed-demo';
import { searchItems } from '../../api/src/repositories/backup-repository';
import { OBJECT_TOTALS_AT, OBJECT_TOTALS_SINCE } from '../../engine/src/catalog/catalog';
import { medianOf } from './median';

const SIZE = Number(process.env.BENCH_SIZE ?? DEFAULT_SIZE);
const LARGE_SIZE = Number(process.env.BENCH_LARGE_SIZE ?? 200_000);
const SEARCH_ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 1_000_000);
// BENCH_REUSE_CATALOG=1 with BENCH_PG_SCHEMA=<name>: search on the catalog a former run left in that schema instead of filling it again.
const REUSE_CATALOG = process.env.BENCH_REUSE_CATALOG === '1' && !!process.env.BENCH_PG_SCHEMA;
const MASTER = 'bench-master-secret-0123456789abcdefghijkl';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

class MemorySampler {
  peakRss = 0;
  peakHeap = 0;
  private timer: NodeJS.Timeout;
  constructor() {
    this.timer = setInterval(() => this.sample(), 50);
  }
  sample() {
    const m = process.memoryUsage();
    this.peakRss = Math.max(this.peakRss, m.rss);
    this.peakHeap = Math.max(this.peakHeap, m.heapUsed);
  }
  stop() {
    clearInterval(this.timer);
    this.sample();
  }
}

interface Rig<E extends AnyEmulator> {
  db: Db;
  engine: Engine;
  /** Runs the jobs when the rig was made with { thread: true }, as the API does (BACKUP_ENGINE_THREAD). */
  thread: EngineThread | null;
  setId: string;
  dir: string;
  emulator: E;
  close(): Promise<void>;
}

/** The demo tenant's emulator in its own process (default) or, with Graph's limits on, in this one (their figures are read from it). */
const SEPARATE_EMULATOR = process.env.BENCH_EMULATOR_INLINE !== '1';

async function rig<E extends AnyEmulator>(emulator: E, options: { thread?: boolean; databaseUrl?: string } = {}): Promise<Rig<E>> {
  const schema = `bench_engine_${process.pid}_${Date.now()}`;
  // With the engine on a thread, PGlite gets one of its own too, as in the API (PGLITE_THREAD).
  const db = await openDatabase(options.databaseUrl ? { databaseUrl: options.databaseUrl, schema } : { thread: options.thread });
  await migrate(db);
  await seedDemo(db);
  const { rows } = await db.query<{ organisation_id: string }>(`select organisation_id from users where username = 'customer'`);
  const tenant = await insertTenant(db, MASTER, {
    organisationId: rows[0].organisation_id,
    name: 'Bench',
    credentials: emulator.credentials,
  });
  const { rows: set } = await db.query<{ id: string }>(
    `insert into backup_sets (organisation_id, tenant_id, name, type, scope, services, schedule, retention_days)
     values ($1, $2, 'Bench', 'm365', '{"mode":"all"}', '["mail","calendar","contacts","onedrive","sharepoint","teams"]', '{"frequency":"manual","time":"02:00","dayOfWeek":0}', 30) returning id`,
    [rows[0].organisation_id, tenant.id],
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-blobs-'));
  const outbound = { origins: [new URL(emulator.url).origin], networks: ['127.0.0.0/8'] };
  const thread = options.thread
    ? startEngineThread(
        db,
        { masterSecret: MASTER, objects: { dir }, queue: { kind: 'embedded', concurrency: 2 }, engine: { outbound, scheduleEveryMs: 3_600_000 } },
        (message, error) => console.error(message, error ?? ''),
      )
    : null;
  await thread?.started;
  const engine = createEngine({
    db,
    masterSecret: MASTER,
    objects: createLocalObjectStore(dir),
    queue: thread?.queue ?? createEmbeddedQueue(db),
    scheduleEveryMs: 3_600_000,
    outbound,
  });
  return {
    db,
    engine,
    thread,
    setId: set[0].id,
    dir,
    emulator,
    async close() {
      await thread?.stop();
      await engine.stop();
      if (options.databaseUrl) await db.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
      await db.close();
      await emulator.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits for a job the engine thread runs (polling its row, as the Jobs page does). */
async function jobFinished(db: Db, jobId: string): Promise<void> {
  for (;;) {
    const { rows } = await db.query<{ status: string }>('select status from backup_jobs where id = $1', [jobId]);
    if (!['queued', 'running'].includes(rows[0].status)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The emulator in this process or in its own (emulator-process.ts), whose CPU time is then read from outside. */
type AnyEmulator = Pick<Emulator, 'url' | 'credentials' | 'stop'> & {
  mutate(fraction: number): MutationSummary | Promise<MutationSummary>;
  cpuSeconds?: () => number | null;
  graphRequests?: () => Promise<{ steps: number; http: number }>;
};

interface RunFigures {
  seconds: number;
  items: number;
  status: string;
  sampler: MemorySampler;
  /** CPU seconds of this process (engine, and PGlite when it is the database) during the run. */
  engineCpu: number;
  /** CPU seconds of the emulator's process during the run (null: the emulator runs in this one). */
  emulatorCpu: number | null;
  /** Graph requests the run made, over the network and counting each step of a batch (null: the emulator runs in this one). */
  requests: { steps: number; http: number } | null;
  /** Share of the machine's CPU time (all cores) that was busy during the run (null off Linux). */
  machineBusy: number | null;
}

async function timedRun(r: Rig<AnyEmulator>): Promise<RunFigures> {
  global.gc?.();
  const sampler = new MemorySampler();
  const emulatorBefore = r.emulator.cpuSeconds?.() ?? null;
  const requestsBefore = (await r.emulator.graphRequests?.()) ?? null;
  const machineBefore = machineCpu();
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const job = await r.engine.startBackup(r.setId);
  if (r.thread) await jobFinished(r.db, job.id);
  else await r.engine.runJob(job.id);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  const emulatorAfter = r.emulator.cpuSeconds?.() ?? null;
  const requestsAfter = (await r.emulator.graphRequests?.()) ?? null;
  const machineAfter = machineCpu();
  sampler.stop();
  const { rows } = await r.db.query<{ status: string; items_done: number; error_message: string | null }>('select status, items_done, error_message from backup_jobs where id = $1', [job.id]);
  // A failed run's figures mean little: say why it failed beside them.
  if (rows[0].error_message) console.log(`  (the run ended ${rows[0].status}: ${rows[0].error_message})`);
  return {
    seconds,
    items: Number(rows[0].items_done),
    status: rows[0].status,
    sampler,
    engineCpu: (cpu.user + cpu.system) / 1e6,
    emulatorCpu: emulatorBefore === null || emulatorAfter === null ? null : emulatorAfter - emulatorBefore,
    requests: requestsBefore && requestsAfter ? { steps: requestsAfter.steps - requestsBefore.steps, http: requestsAfter.http - requestsBefore.http } : null,
    machineBusy:
      machineBefore && machineAfter
        ? (machineAfter.busy - machineBefore.busy) / (machineAfter.busy - machineBefore.busy + machineAfter.idle - machineBefore.idle)
        : null,
  };
}

/**
 * The machine's busy and idle CPU time so far (every process, every core), from /proc/stat (Linux;
 * null elsewhere): how close a run came to using the whole machine, its database server included.
 */
function machineCpu(): { busy: number; idle: number } | null {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait };
  } catch {
    return null;
  }
}

/** Incremental runs per database for the ratio (BENCH_INCREMENTAL_RUNS). */
const INCREMENTAL_RUNS = Math.max(1, Number(process.env.BENCH_INCREMENTAL_RUNS ?? 5));

const load = () => `load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`;

function runLine(label: string, x: RunFigures): string {
  const cpu =
    x.emulatorCpu === null
      ? ''
      : `; CPU: this process ${x.engineCpu.toFixed(1)} s, emulator ${x.emulatorCpu.toFixed(1)} s (engine share ${((x.engineCpu / (x.engineCpu + x.emulatorCpu)) * 100).toFixed(0)}%)`;
  const requests = x.requests === null ? '' : `; ${x.requests.http} Graph requests (${x.requests.steps} counting each step of a batch)`;
  const busy = x.machineBusy === null ? '' : `; machine busy ${(x.machineBusy * 100).toFixed(0)}% of ${os.cpus().length} cores`;
  return `  ${`${label}:`.padEnd(20)}${x.seconds.toFixed(1)} s, ${x.items} items, ${(x.items / x.seconds).toFixed(0)} items/s (${x.status})${cpu}${requests}${busy}; ${load()}`;
}

const startDemo = (size: number): Promise<AnyEmulator> =>
  SEPARATE_EMULATOR ? startEmulatorProcess({ seed: 'portal-demo', size }) : startEmulator({ seed: 'portal-demo', size });

/**
 * What counting an object's snapshot costs at the next run (run-backup.ts): the largest object's totals
 * counted whole (OBJECT_TOTALS_AT, the peer) and from its latest snapshot (OBJECT_TOTALS_SINCE, what
 * the engine runs), each the median of 20, as of the run after the set's latest one.
 */
async function snapshotCountLine(db: Db, setId: string): Promise<string> {
  const { rows } = await db.query<{ object_id: string; items: number; run: number }>(
    `select v.object_id, count(*)::int as items, (select run_seq + 1 from backup_sets where id = $1) as run
       from backup_item_versions v where v.set_id = $1 and v.valid_to_run is null group by v.object_id order by 2 desc limit 1`,
    [setId],
  );
  const { object_id: objectId, items, run } = rows[0];
  const median = async (sql: string) => {
    const times: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const started = performance.now();
      await db.query(sql, [objectId, run]);
      times.push(performance.now() - started);
    }
    return medianOf(times);
  };
  const whole = await median(OBJECT_TOTALS_AT('$1', '$2'));
  const since = await median(OBJECT_TOTALS_SINCE('$1', '$2'));
  return `  snapshot count:     largest object (${items} items): counted whole ${whole.toFixed(2)} ms, from its last snapshot ${since.toFixed(2)} ms (median of 20)`;
}

/** Full backup, then the incremental after 1% of the tenant changed, on one database. */
async function fullAndIncremental(r: Rig<AnyEmulator>, label: string) {
  const full = await profiled(`full backup on ${label}`, () => timedRun(r));
  const stored = await r.db.query<{ versions: number; logical: number; unique_bytes: number; stored: number; blobs: number }>(
    `select (select count(*) from backup_item_versions where kind <> 'folder') as versions,
            (select sum(size_bytes) from backup_item_versions where blob_hash is not null) as logical,
            (select sum(size) from backup_blobs) as unique_bytes, (select sum(stored_size) from backup_blobs) as stored,
            (select count(*) from backup_blobs) as blobs`,
  );
  const mutation = await r.emulator.mutate(0.01);
  const incremental = await profiled(`incremental backup on ${label}`, () => timedRun(r));
  // One incremental lasts about a second, so the load of a shared machine moves it by a third either
  // way: the ratio takes the median of several, each after a fresh 1% change.
  const incrementalSeconds = [incremental.seconds];
  for (let i = 1; i < INCREMENTAL_RUNS; i += 1) {
    await r.emulator.mutate(0.01);
    incrementalSeconds.push((await timedRun(r)).seconds);
  }
  const median = medianOf(incrementalSeconds);
  // A day on, every lease has run out (the grace window, 24 h by default) and each run's collection
  // looks at every blob: the ratio a deployment sees from its second day.
  await r.db.query(`update backup_blobs set touched_at = now() - interval '2 days'`);
  await r.emulator.mutate(0.01);
  const dayOn = await timedRun(r);
  console.log(`\nBackup of the demo tenant on ${label} (emulator size ${SIZE} ${SEPARATE_EMULATOR ? 'in its own process' : 'in this process'}, local blob store)`);
  console.log(runLine('full backup', full));
  console.log(runLine('incremental (1%)', incremental));
  console.log(`  ${''.padEnd(20)}after ${mutation.added} added, ${mutation.changed} changed, ${mutation.deleted} deleted`);
  console.log(
    `  ${''.padEnd(20)}median of ${incrementalSeconds.length} incrementals ${median.toFixed(2)} s (${Math.min(...incrementalSeconds).toFixed(2)}-${Math.max(...incrementalSeconds).toFixed(2)}): ${((median / full.seconds) * 100).toFixed(1)}% of the full time`,
  );
  console.log(`  ${''.padEnd(20)}a day on (every blob's lease run out): ${dayOn.seconds.toFixed(2)} s, ${((dayOn.seconds / full.seconds) * 100).toFixed(1)}% of the full time`);
  console.log(await snapshotCountLine(r.db, r.setId));
  return { full, stored: stored.rows[0] };
}

/** Backups on PGlite: the memory peak at a quarter of the size and at the full size, full and incremental, catalog ratios; the full run. */
async function pgliteBackupFigures() {
  const small = await rig(await startDemo(Math.round(SIZE / 4)));
  const smallRun = await timedRun(small);
  await small.close();

  const r = await rig(await startDemo(SIZE));
  const { full, stored: s } = await fullAndIncremental(r, 'PGlite');
  console.log(`  catalog:            ${s.versions} item versions, ${s.blobs} blobs`);
  console.log(`  dedup ratio:        ${(Number(s.logical) / Number(s.unique_bytes)).toFixed(2)}x (${mb(Number(s.logical))} referenced, ${mb(Number(s.unique_bytes))} unique)`);
  console.log(`  compression+crypt:  ${(Number(s.unique_bytes) / Number(s.stored)).toFixed(2)}x (${mb(Number(s.stored))} written)`);
  console.log(`  memory peak:        size ${Math.round(SIZE / 4)}: rss ${mb(smallRun.sampler.peakRss)}, heap ${mb(smallRun.sampler.peakHeap)}; size ${SIZE}: rss ${mb(full.sampler.peakRss)}, heap ${mb(full.sampler.peakHeap)}`);
  console.log(`                      (rss includes PGlite's WASM heap${SEPARATE_EMULATOR ? '' : ' and the in-process emulator'})`);
  await r.close();
  return full;
}

async function backupFigures() {
  const full = process.env.BENCH_SKIP_PGLITE === '1' ? null : await pgliteBackupFigures();

  // As the API runs it: the engine on a thread of its own and PGlite on another (BACKUP_ENGINE_THREAD, PGLITE_THREAD).
  if (process.env.BENCH_SKIP_THREAD !== '1' && full) {
    const threaded = await rig(await startDemo(SIZE), { thread: true });
    console.log(runLine('full on a thread', await timedRun(threaded)).replace(/\)/, '; engine thread, PGlite on a thread of its own)'));
    await threaded.close();
  }

  if (process.env.BENCH_SKIP_PG !== '1') {
    const pg = await rig(await startDemo(SIZE), { databaseUrl: BENCH_PG_URL }).catch((error: Error) => {
      console.log(`\nPostgreSQL not reachable at ${BENCH_PG_URL}: ${error.message}`);
      return null;
    });
    if (pg) {
      try {
        await fullAndIncremental(pg, 'PostgreSQL');
      } finally {
        await pg.close();
      }
    }
  }

  // Memory as the tenant grows: the heap should stay where it was at SIZE (BENCH_LARGE_SIZE=0 skips it).
  if (LARGE_SIZE > 0 && full) {
    const large = await rig(await startDemo(LARGE_SIZE));
    const run = await timedRun(large);
    console.log(`\nFull backup at emulator size ${LARGE_SIZE} (PGlite)`);
    console.log(runLine('full backup', run));
    console.log(`  memory peak:        rss ${mb(run.sampler.peakRss)}, heap ${mb(run.sampler.peakHeap)} (heap ${mb(full.sampler.peakHeap)} at size ${SIZE})`);
    console.log(await snapshotCountLine(large.db, large.setId));
    await large.close();
  }
}

async function throttledFigures() {
  const latency = Number(process.env.BENCH_GRAPH_LATENCY_MS ?? 30);
  const r = await rig(await startEmulator({ seed: 'portal-demo', size: SIZE, graphLimits: { outlookLatencyMs: latency } }));
  const run = async () => {
    const throttledBefore = r.emulator.stats().throttled;
    const result = await timedRun(r);
    const usage = r.emulator.graphLimitsUsage({ reset: true })!;
    const requests = Object.values(usage.mailboxRequests).reduce((a, b) => a + b, 0);
    return { ...result, usage, requests, throttled: r.emulator.stats().throttled - throttledBefore };
  };
  const full = await run();
  r.emulator.mutate(0.01);
  const incremental = await run();
  console.log(`\nWith Graph's documented limits on (Outlook latency ${latency} ms per request)`);
  for (const [name, x] of [['full', full], ['incremental (1%)', incremental]] as const) {
    console.log(
      `  ${`${name}:`.padEnd(20)}${x.seconds.toFixed(1)} s, ${x.items} items (${x.status}); ${x.requests} Outlook requests in ${Object.keys(x.usage.mailboxRequests).length} mailboxes, ` +
        `${x.usage.channelMessageReads} channel message reads, ${x.throttled} answered 429; least time the limits allow: ${x.usage.minimumSeconds.toFixed(1)} s`,
    );
  }
  await r.close();
}

/**
 * One million catalog rows for one set: 50 users, mail/onedrive/calendar, words from a small vocabulary.
 * Where an item lives is drawn independently of its words (a multiplicative hash of g), as in a real
 * mailbox: were both taken from g modulo 5 and 30, every subject starting with one word would sit in
 * one folder, and a folder's first page by name would sit behind whole words of other folders.
 */
async function fillCatalog(db: Db, rows: number, reuse: boolean): Promise<string> {
  await migrate(db);
  if (reuse) {
    // A catalog this bench filled before in the kept schema (BENCH_PG_SCHEMA), with new migrations applied above.
    const { rows: kept } = await db.query<{ id: string; n: number }>(
      `select s.id, (select count(*) from backup_item_versions v where v.set_id = s.id) as n from backup_sets s where s.name = 'Search bench'`,
    );
    if (kept.length === 1 && Number(kept[0].n) === rows) {
      await db.query('analyze backup_item_versions');
      return kept[0].id;
    }
    if (kept.length) throw new Error(`BENCH_REUSE_CATALOG: the kept schema holds ${kept.length} search bench sets or another row count; drop it first`);
  }
  await seedDemo(db);
  const { rows: org } = await db.query<{ organisation_id: string }>(`select organisation_id from users where username = 'customer'`);
  const tenant = await insertTenant(db, MASTER, {
    organisationId: org[0].organisation_id,
    name: 'Search bench',
    credentials: { tenantId: 't', clientId: 'c', clientSecret: 's', graphBaseUrl: 'http://127.0.0.1:9/v1.0' },
  });
  const { rows: set } = await db.query<{ id: string }>(
    `insert into backup_sets (organisation_id, tenant_id, name, type, scope, services, schedule, retention_days)
     values ($1, $2, 'Search bench', 'm365', '{"mode":"all"}', '["mail","onedrive","calendar"]', '{"frequency":"manual","time":"02:00","dayOfWeek":0}', 30) returning id`,
    [org[0].organisation_id, tenant.id],
  );
  const setId = set[0].id;
  await db.query(
    `insert into backup_objects (set_id, kind, external_id, display_name, detail)
     select $1, 'user', 'user-' || g, 'User ' || g, 'user' || g || '@bench.example' from generate_series(1, 50) g`,
    [setId],
  );
  const words = `array['invoice','budget','meeting','report','quarterly','project','roadmap','contract','holiday','review','design','launch','hiring','security','incident','customer','partner','renewal','forecast','migration','training','offsite','payroll','audit','travel','feedback','proposal','release','planning','summary']`;
  const batch = 100_000;
  for (let start = 0; start < rows; start += batch) {
    await db.query(
      `insert into backup_item_versions (set_id, object_id, service, kind, external_id, container_id, folder_path, name, sender, recipients,
                                         size_bytes, has_attachments, modified_at, content_type, blob_hash, change_tag, valid_from_run, search)
       select $1, o.id, x.service, x.kind, 'item-' || g, 'c', x.folder, x.name, x.sender, array[x.rcpt], x.size, g % 7 = 0,
              timestamptz '2025-01-01' + (g % 600) * interval '1 day' + (g % 86400) * interval '1 second', 'message/rfc822', md5(g::text), null, 1,
              to_tsvector('simple', ${SEARCH_TEXT('x.name', 'x.sender', 'x.rcpt', 'x.folder')})
         from generate_series($2::int, $3::int) g
         join lateral (select (array(select id from backup_objects where set_id = $1 order by external_id))[1 + g % 50] as id) o on true
         join lateral (select ((g::bigint * 48271) % 2147483647) % 5 + 1 as place) p on true
         join lateral (select
             (array['mail','mail','mail','onedrive','calendar'])[p.place] as service,
             (array['message','message','message','file','event'])[p.place] as kind,
             (array['Inbox','Sent Items','Archive/2025','Documents/Projects','Calendar'])[p.place] as folder,
             initcap((${words})[1 + g % 30]) || ' ' || (${words})[1 + (g / 30) % 30] || ' ' || (${words})[1 + (g / 900) % 30] || ' #' || g as name,
             'user' || (g % 97) || '@bench.example' as sender,
             'user' || (g % 89) || '@bench.example' as rcpt,
             500 + (g::bigint * 7919) % 2000000 as size) x on true`,
      [setId, start + 1, Math.min(rows, start + batch)],
    );
  }
  await db.query('analyze backup_item_versions');
  return setId;
}

const QUERIES: Array<Record<string, string>> = [
  { q: 'invoice' },
  { q: 'budget meeting' },
  { q: 'quart' },
  { q: 'security incident', service: 'mail' },
  { q: 'user17@bench.example' },
  { q: 'projects' },
  { service: 'onedrive', sort: '-sizeBytes' },
  { from: '2025-03-01', to: '2025-03-31' },
  { q: 'report', hasAttachments: 'true', minSize: '100000' },
  { folder: 'mail:Archive', sort: 'name' },
  { q: 'renewal', sort: 'relevance' },
  { q: 'zzzznotfound' },
];

/**
 * Rounds of every query shape; the first is not timed. More than five: PostgreSQL plans a prepared
 * statement (PGlite's are, pglite-prepared.ts) for its values five times, then may keep a generic plan,
 * and the figure must include the runs after that.
 */
const SEARCH_ROUNDS = 10;

async function searchFigures(label: string, db: Db, reuse: boolean) {
  const fillStart = Date.now();
  const setId = await fillCatalog(db, SEARCH_ROWS, reuse);
  const fillSeconds = (Date.now() - fillStart) / 1000;
  const timings: number[] = [];
  const byShape: number[][] = QUERIES.map(() => []);
  for (let round = 0; round < SEARCH_ROUNDS; round += 1) {
    for (const [i, raw] of QUERIES.entries()) {
      const query = itemSearchQuerySchema.parse({ ...raw, page: String(1 + (round % 3)), pageSize: '50' });
      const started = process.hrtime.bigint();
      const result = await searchItems(db, setId, query, null);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (round > 0) timings.push(ms);
      if (round > 0) byShape[i].push(ms);
      if (round === 0 && process.env.BENCH_VERBOSE) console.log(`  query ${i}: ${JSON.stringify(raw)} -> ${result.total} in ${ms.toFixed(1)} ms (first round)`);
    }
  }
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  const figures = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return `p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`;
  };
  console.log(`\nItem search over ${SEARCH_ROWS.toLocaleString('en')} items on ${label} (${QUERIES.length} query shapes x ${SEARCH_ROUNDS - 1} rounds, page size 50; catalog ${reuse ? 'reused' : 'filled'} in ${fillSeconds.toFixed(0)} s; ${load()})`);
  console.log(`  ${figures(timings)}`);
  if (process.env.BENCH_VERBOSE) for (const [i, list] of byShape.entries()) console.log(`  query ${i}: ${figures(list)}`);
}

async function main() {
  if (process.env.BENCH_SKIP_BACKUP !== '1') await backupFigures();
  if (process.env.BENCH_SKIP_BACKUP !== '1' && process.env.BENCH_SKIP_THROTTLED !== '1') await throttledFigures();
  if (process.env.BENCH_SKIP_SEARCH === '1') return;
  // The catalog of a former run can be kept in BENCH_PG_SCHEMA and searched again (BENCH_REUSE_CATALOG); PGlite's is always filled.
  await onEachDatabase('bench_backup', (label, db) => searchFigures(label, db, label === 'PostgreSQL' && REUSE_CATALOG), {
    schema: process.env.BENCH_PG_SCHEMA,
    keepSchema: !!process.env.BENCH_PG_SCHEMA,
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
