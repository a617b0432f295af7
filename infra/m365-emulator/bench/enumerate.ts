// Enumerates a whole emulated tenant through @portal/graph-connector (delta rounds for mail and
// drives, listings for the rest) and prints items/s and memory, to show that a million-item
// tenant is walked with flat memory on both sides (emulator and client share this process).
//
//   npx tsx infra/m365-emulator/bench/enumerate.ts            # SIZE=1000000 by default
//   SIZE=100000 CONCURRENCY=4 PAGE=1000 npx tsx infra/m365-emulator/bench/enumerate.ts
// Relative on purpose: the connector already depends on the emulator (for its tests), and a
// workspace dependency back would make the two packages a cycle.
import { createGraphClient, type GraphClient } from '../../graph-connector/src/index';
import { startEmulator } from '../src/index';

const size = Number(process.env.SIZE ?? 1_000_000);
const seed = process.env.SEED ?? 'bench';
const concurrency = Number(process.env.CONCURRENCY ?? 4);
const pageSize = Number(process.env.PAGE ?? 1000);

type Task = (client: GraphClient) => Promise<number>;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function count(iterable: AsyncIterable<unknown>): Promise<number> {
  let n = 0;
  for await (const _ of iterable) n++;
  return n;
}

async function countDelta(pages: AsyncIterable<{ items: unknown[] }>): Promise<number> {
  let n = 0;
  for await (const page of pages) n += page.items.length;
  return n;
}

async function main() {
  const startedAt = Date.now();
  const emulator = await startEmulator({ seed, size });
  const expected = emulator.tenant.counts().total;
  const client = createGraphClient({ ...emulator.credentials, pageSize });
  console.log(`tenant: ${emulator.organizationName}, ${emulator.tenant.users.length} users, ${expected} items (size ${size}), built in ${Date.now() - startedAt} ms`);

  // Tasks are produced lazily per user/site/team, so the queue itself stays small.
  async function* tasks(): AsyncGenerator<Task> {
    for await (const user of client.listUsers()) {
      for await (const folder of client.listMailFolders(user.id)) yield (c) => countDelta(c.messagesDelta(user.id, folder.id));
      yield (c) => count(c.listEvents(user.id));
      yield (c) => count(c.listContacts(user.id));
      yield async (c) => countDelta(c.driveItemsDelta((await c.getUserDrive(user.id)).id));
    }
    for await (const site of client.listSites()) {
      for await (const drive of client.listSiteDrives(site.id)) yield (c) => countDelta(c.driveItemsDelta(drive.id));
    }
    for await (const team of client.listTeams()) {
      for await (const channel of client.listChannels(team.id)) yield (c) => count(c.listChannelMessages(team.id, channel.id));
    }
  }

  let items = 0;
  let peakHeap = 0;
  let peakRss = 0;
  const samples: { items: number; heap: number }[] = [];
  const sample = () => {
    const memory = process.memoryUsage();
    peakHeap = Math.max(peakHeap, memory.heapUsed);
    peakRss = Math.max(peakRss, memory.rss);
    samples.push({ items, heap: memory.heapUsed });
    return memory;
  };
  const began = Date.now();
  let ticks = 0;
  const ticker = setInterval(() => {
    const memory = sample();
    if (++ticks % 5 !== 0) return;
    const seconds = (Date.now() - began) / 1000;
    console.log(`  ${items.toString().padStart(8)} items  ${(items / seconds).toFixed(0).padStart(6)} items/s  heap ${mb(memory.heapUsed)}  rss ${mb(memory.rss)}`);
  }, 1000);

  const source = tasks();
  async function worker() {
    for (;;) {
      const next = await source.next();
      if (next.done) return;
      const found = await next.value(client);
      items += found;
    }
  }
  // One generator shared by all workers: its next() calls are queued, so no task is taken twice.
  await Promise.all(Array.from({ length: concurrency }, worker));
  clearInterval(ticker);
  sample();
  const seconds = (Date.now() - began) / 1000;
  await emulator.stop();

  // Flat memory: the heap in the last 90% of the run stays within a fixed band of the early heap.
  const early = samples.find((s) => s.items >= items * 0.1) ?? samples[0];
  const late = samples.filter((s) => s.items >= items * 0.1);
  const lateMax = Math.max(...late.map((s) => s.heap));
  const flat = lateMax <= early.heap * 2 + 64 * 1024 * 1024;
  console.log('');
  console.log(`enumerated ${items} of ${expected} items in ${seconds.toFixed(1)} s: ${(items / seconds).toFixed(0)} items/s (concurrency ${concurrency}, page ${pageSize})`);
  console.log(`memory: heap at 10% ${mb(early.heap)}, max after 10% ${mb(lateMax)}, peak heap ${mb(peakHeap)}, peak rss ${mb(peakRss)} -> ${flat ? 'flat' : 'NOT flat'}`);
  if (items !== expected || !flat) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
