import { MAX_REST_MS, restAfterItem, setHostBusy } from './host-pace';
import { runPool } from './job-context';

// While the host thread is busy with requests, a pool keeps one lane going, which rests between items;
// once it is not, the pool widens again, and a pool whose items run out while the host stays busy still ends.

/** Work items that finish when told, recording how many run at once. */
function gatedWork() {
  let running = 0;
  let widest = 0;
  const done: number[] = [];
  const release: Array<() => void> = [];
  const work = (item: number) =>
    new Promise<void>((resolve) => {
      running += 1;
      widest = Math.max(widest, running);
      release.push(() => {
        running -= 1;
        done.push(item);
        resolve();
      });
    });
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  /** Lets the work in flight finish, one round at a time, until the pool is idle. */
  const drainRound = async () => {
    await tick();
    const now = release.splice(0);
    for (const finish of now) finish();
    await tick();
    return now.length;
  };
  return { work, drainRound, running: () => running, widest: () => widest, done };
}

describe('runPool and the host pace', () => {
  afterEach(() => setHostBusy(false));

  it('runs one item at a time while the host is busy, and widens again when it is not', async () => {
    const { work, drainRound, running, done } = gatedWork();
    setHostBusy(true);
    const pool = runPool([1, 2, 3, 4, 5, 6, 7, 8], 4, work);
    expect(await drainRound()).toBe(1);
    // The lane rests (at most MAX_REST_MS) before it takes the next item.
    for (let waited = 0; running() === 0 && waited < 500; waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await drainRound()).toBe(1);
    setHostBusy(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(running()).toBe(4);
    while ((await drainRound()) > 0);
    await pool;
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('ends when its items run out while the host stays busy', async () => {
    const { work, drainRound, widest, done } = gatedWork();
    setHostBusy(true);
    const pool = runPool([1, 2, 3], 8, work);
    let ended = false;
    void pool.then(() => (ended = true));
    // The lane rests between items (longer when the machine is slow), so nothing may be in flight for a
    // while: drain until the pool ends, not until a round finds nothing (bounded by the test's timeout).
    while (!ended) if ((await drainRound()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await pool;
    expect(done).toEqual([1, 2, 3]);
    expect(widest()).toBe(1);
  });

  it('rests after each item while the host is busy, about twice as long as the item took', async () => {
    setHostBusy(true);
    const spans: Array<[number, number]> = [];
    await runPool([1, 2, 3], 4, async () => {
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 40));
      spans.push([start, performance.now()]);
    });
    // The gap between one item's end and the next one's start (timers never fire much early).
    expect(spans[1][0] - spans[0][1]).toBeGreaterThanOrEqual(70);
    expect(spans[2][0] - spans[1][1]).toBeGreaterThanOrEqual(70);
  });

  it('ends a rest when the host stops being busy', async () => {
    setHostBusy(true);
    const started = performance.now();
    const rest = restAfterItem(MAX_REST_MS);
    setHostBusy(false);
    await rest;
    expect(performance.now() - started).toBeLessThan(MAX_REST_MS);
  });

  it('runs at full width when nobody says the host is busy', async () => {
    const { work, drainRound, widest } = gatedWork();
    const pool = runPool([1, 2, 3, 4, 5], 3, work);
    while ((await drainRound()) > 0);
    await pool;
    expect(widest()).toBe(3);
  });
});
