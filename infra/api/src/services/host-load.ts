// Whether this process's request thread is busy, for the engine thread to pace its backups by
// (@portal/engine's jobs/host-pace.ts). Busy means requests were in flight for most of the last
// sample: neither the event loop's own load (with PGlite it also runs the engine's statements,
// db-bridge.ts; on PostgreSQL a loaded API mostly waits for the database) nor a few requests of a
// person opening a page say that requests wait behind the backup.

/** Share of a sample with a request in flight above which the API counts as busy. */
export const BUSY_SHARE = 0.5;
export const SAMPLE_MS = 250;

/** Time with at least one request in flight, counted by `begin` and `end` around each request. */
export class RequestActivity {
  private inFlight = 0;
  private since = 0;
  private activeMs = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  begin(): void {
    if (this.inFlight === 0) this.since = this.now();
    this.inFlight += 1;
  }

  end(): void {
    this.inFlight -= 1;
    if (this.inFlight === 0) this.activeMs += this.now() - this.since;
  }

  /** Milliseconds with a request in flight since start, up to now. */
  activeTotal(): number {
    return this.activeMs + (this.inFlight > 0 ? this.now() - this.since : 0);
  }
}

/** Samples `activity` every SAMPLE_MS and reports each verdict; returns the stop. */
export function watchHostLoad(activity: RequestActivity, report: (busy: boolean) => void): () => void {
  let last = activity.activeTotal();
  const timer = setInterval(() => {
    const total = activity.activeTotal();
    report(total - last > BUSY_SHARE * SAMPLE_MS);
    last = total;
  }, SAMPLE_MS);
  timer.unref();
  return () => clearInterval(timer);
}
