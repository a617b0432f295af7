// The webhook history's hourly prune (pruneWebhookHistory) against a history of BENCH_WEBHOOK_KEPT
// deliveries within the 30 days (default 5 000) and BENCH_WEBHOOK_OLD older ones to delete (default
// 500), each delivery with its event; every tenth a re-send of the one before. Printed beside its
// peer in the same run: the same prune with the indexes of migration 280 that it relies on dropped
// (deleting a row then scans the whole referencing table, once per deleted row: the peer grows with
// old x kept; at 1 000 of 21 000 it ran over ten minutes on PGlite, hence small defaults). PGlite, then
// PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; BENCH_SKIP_PG=1).
// Run: `pnpm bench:webhooks`.
import { migrate, type Db } from '../../db/src/index';
import { pruneWebhookHistory } from '../../api/src/repositories/webhooks-repository';
import { onEachDatabase } from './bench-databases';

const KEPT = Number(process.env.BENCH_WEBHOOK_KEPT ?? 5_000);
const OLD = Number(process.env.BENCH_WEBHOOK_OLD ?? 500);
const RETENTION_DAYS = 30;
/** The indexes the prune's deletes rely on: the history's age, and the two references into webhook_deliveries. */
const PRUNE_INDEXES = {
  webhook_deliveries_finished_idx: `on webhook_deliveries (created_at) where status <> 'pending'`,
  webhook_deliveries_event_idx: 'on webhook_deliveries (event_id)',
  webhook_deliveries_resend_of_idx: 'on webhook_deliveries (resend_of) where resend_of is not null',
};

/** `count` delivered events `days` old for the endpoint. */
async function seed(db: Db, organisationId: string, endpointId: string, count: number, days: number): Promise<void> {
  await db.query(
    `with events as (
       insert into webhook_events (organisation_id, type, data, created_at, fanned_out_at)
       select $1, 'job.finished', jsonb_build_object('n', n), now() - make_interval(days => $4), now() from generate_series(1, $3) n
       returning id, (data->>'n')::int as n)
     insert into webhook_deliveries (endpoint_id, event_id, status, attempts, created_at)
     select $2, id, 'succeeded', 1, now() - make_interval(days => $4) from events order by n`,
    [organisationId, endpointId, count, days],
  );
}

async function pruneOnce(db: Db, withIndexes: boolean): Promise<{ ms: number; deliveries: number; events: number }> {
  await db.query('delete from webhook_deliveries');
  await db.query('delete from webhook_events');
  for (const [name, definition] of Object.entries(PRUNE_INDEXES)) {
    await db.query(`drop index if exists ${name}`);
    if (withIndexes) await db.query(`create index ${name} ${definition}`);
  }
  const { rows: orgs } = await db.query<{ id: string }>('select id from organisations order by created_at limit 1');
  const { rows: endpoints } = await db.query<{ id: string }>(
    `insert into webhook_endpoints (organisation_id, url, events, secret_sealed) values ($1, 'https://hooks.example.com/bench', '{job.finished}', 'sealed') returning id`,
    [orgs[0].id],
  );
  await seed(db, orgs[0].id, endpoints[0].id, KEPT, 1);
  await seed(db, orgs[0].id, endpoints[0].id, OLD, RETENTION_DAYS + 1);
  await db.query(
    `update webhook_deliveries d set resend_of = p.previous
     from (select id, lag(id) over (order by created_at, id) as previous, row_number() over (order by created_at, id) as n from webhook_deliveries) p
     where d.id = p.id and p.n % 10 = 0`,
  );
  await db.query('analyze webhook_deliveries');
  await db.query('analyze webhook_events');
  const started = performance.now();
  const gone = await pruneWebhookHistory(db, RETENTION_DAYS);
  const ms = performance.now() - started;
  await db.query('delete from webhook_endpoints where id = $1', [endpoints[0].id]);
  return { ms, ...gone };
}

async function measure(label: string, db: Db): Promise<void> {
  await migrate(db);
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from organisations');
  if (rows[0].n === 0) await db.query(`with id as (select gen_random_uuid() as id) insert into organisations (id, name, kind, path) select id, 'Bench provider', 'PROVIDER', '/' || id || '/' from id`);
  // Peer first, then the product's indexes; twice, interleaved, for a noisy machine.
  const runs: { peer: number; indexed: number }[] = [];
  let deleted = '';
  for (let i = 0; i < 2; i++) {
    const peer = await pruneOnce(db, false);
    const indexed = await pruneOnce(db, true);
    deleted = `${indexed.deliveries} deliveries and ${indexed.events} events deleted (peer: ${peer.deliveries}, ${peer.events})`;
    runs.push({ peer: peer.ms, indexed: indexed.ms });
  }
  console.log(`${label}: prune of ${OLD} old of ${KEPT + OLD} deliveries: ${deleted}`);
  for (const { peer, indexed } of runs)
    console.log(`  with the indexes ${indexed.toFixed(0).padStart(7)} ms   without them (peer) ${peer.toFixed(0).padStart(8)} ms   peer / indexed ${(peer / indexed).toFixed(1)}x`);
}

async function main(): Promise<void> {
  await onEachDatabase('bench_webhooks', measure);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
