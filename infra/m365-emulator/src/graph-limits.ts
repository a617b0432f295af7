// Graph's documented service limits, as a mode (off by default; on for benchmarks and a test).
// Microsoft Learn, "Microsoft Graph service-specific throttling limits":
// - Outlook (mail, calendar, contacts and their attachments), per app and mailbox: 10,000 requests
//   in a 10-minute period, and at most 4 requests executing at once ("MailboxConcurrency");
// - Teams, GET channel message: 20 requests per second per app per tenant.
// Beyond a limit Graph answers 429 with Retry-After; the emulator serves a single app, so "per
// app" is the emulator as a whole.

export interface GraphLimitsConfig {
  mailboxConcurrency: number;
  mailboxRequests: number;
  mailboxWindowMs: number;
  channelMessagesPerSecond: number;
  /**
   * Time each admitted Outlook request takes before it is answered. Graph's own latency is what
   * makes concurrency limits bite; the emulator answers in microseconds otherwise. Default 0.
   */
  outlookLatencyMs: number;
}

export const GRAPH_LIMITS: GraphLimitsConfig = {
  mailboxConcurrency: 4,
  mailboxRequests: 10_000,
  mailboxWindowMs: 10 * 60_000,
  channelMessagesPerSecond: 20,
  outlookLatencyMs: 0,
};

export type Admission = { ok: true; release: () => void; latencyMs: number } | { ok: false; retryAfterSeconds: number; code: string; message: string };

const OUTLOOK_SEGMENTS = new Set(['messages', 'mailfolders', 'events', 'calendar', 'calendars', 'calendarview', 'contacts', 'contactfolders', 'calendargroups']);
const ADMITTED: Admission = { ok: true, release: () => undefined, latencyMs: 0 };

/** The mailbox an Outlook request targets (user or group id), or null for other services. */
export function mailboxOf(path: string): string | null {
  const match = /^\/v1\.0\/(users|groups)\/([^/?]+)\/([^/?(]+)/i.exec(path);
  if (!match || !OUTLOOK_SEGMENTS.has(match[3].toLowerCase())) return null;
  return `${match[1].toLowerCase()}/${decodeURIComponent(match[2]).toLowerCase()}`;
}

const isChannelMessageRead = (method: string, path: string) => method === 'GET' && /^\/v1\.0\/teams\/[^/]+\/channels\/[^/]+\/messages(\/|$|\?)/i.test(path);

interface MailboxState {
  inFlight: number;
  /** Start times of the requests in the current window, oldest first. */
  times: number[];
}

/** Requests admitted under the limits since they were configured: what a minimum time is computed from. */
export interface GraphLimitsUsage {
  mailboxRequests: Record<string, number>;
  channelMessageReads: number;
}

export class GraphLimits {
  private config: GraphLimitsConfig | null = null;
  private mailboxes = new Map<string, MailboxState>();
  private channelTimes: number[] = [];
  private usage: GraphLimitsUsage = { mailboxRequests: {}, channelMessageReads: 0 };

  constructor(private readonly now: () => number = Date.now) {}

  /** `true` for Graph's documented figures, an object to override some, `false` to turn off. */
  configure(limits: boolean | Partial<GraphLimitsConfig>): void {
    this.config = limits === false ? null : { ...GRAPH_LIMITS, ...(limits === true ? {} : limits) };
    this.mailboxes.clear();
    this.channelTimes = [];
    this.resetUsage();
  }

  resetUsage(): void {
    this.usage = { mailboxRequests: {}, channelMessageReads: 0 };
  }

  usageSoFar(): GraphLimitsUsage {
    return { mailboxRequests: { ...this.usage.mailboxRequests }, channelMessageReads: this.usage.channelMessageReads };
  }

  describe(): GraphLimitsConfig | null {
    return this.config;
  }

  /** Admits a request or says why Graph would refuse it; an admitted one must be released when answered. */
  admit(method: string, path: string): Admission {
    const config = this.config;
    if (!config) return ADMITTED;
    const now = this.now();
    if (isChannelMessageRead(method, path)) {
      this.channelTimes = this.channelTimes.filter((t) => now - t < 1000);
      if (this.channelTimes.length >= config.channelMessagesPerSecond) {
        return { ok: false, retryAfterSeconds: 1, code: 'TooManyRequests', message: 'Too many requests for channel messages; retry after the interval in Retry-After.' };
      }
      this.channelTimes.push(now);
      this.usage.channelMessageReads += 1;
      return ADMITTED;
    }
    const mailbox = mailboxOf(path);
    if (!mailbox) return ADMITTED;
    let state = this.mailboxes.get(mailbox);
    if (!state) this.mailboxes.set(mailbox, (state = { inFlight: 0, times: [] }));
    let expired = 0;
    while (expired < state.times.length && now - state.times[expired] >= config.mailboxWindowMs) expired += 1;
    if (expired) state.times.splice(0, expired);
    if (state.times.length >= config.mailboxRequests) {
      const wait = Math.ceil((state.times[0] + config.mailboxWindowMs - now) / 1000);
      return { ok: false, retryAfterSeconds: Math.max(1, wait), code: 'ApplicationThrottled', message: 'Application is over its MailboxRequestRate limit.' };
    }
    if (state.inFlight >= config.mailboxConcurrency) {
      return { ok: false, retryAfterSeconds: 1, code: 'ApplicationThrottled', message: 'Application is over its MailboxConcurrency limit.' };
    }
    state.inFlight += 1;
    state.times.push(now);
    this.usage.mailboxRequests[mailbox] = (this.usage.mailboxRequests[mailbox] ?? 0) + 1;
    let released = false;
    const held = state;
    return {
      ok: true,
      latencyMs: config.outlookLatencyMs,
      release: () => {
        if (released) return;
        released = true;
        held.inFlight -= 1;
      },
    };
  }
}

/**
 * The least time the limits allow for this usage, with unlimited parallelism across mailboxes:
 * the busiest mailbox at 4 requests at a time of `outlookLatencyMs` each (and whole 10-minute
 * windows for every 10,000 requests), channel message reads at 20 a second.
 */
export function minimumSeconds(usage: GraphLimitsUsage, config: GraphLimitsConfig): number {
  let mailboxes = 0;
  for (const requests of Object.values(usage.mailboxRequests)) {
    const concurrency = (Math.ceil(requests / config.mailboxConcurrency) * config.outlookLatencyMs) / 1000;
    const windows = Math.floor((requests - 1) / config.mailboxRequests) * (config.mailboxWindowMs / 1000);
    mailboxes = Math.max(mailboxes, concurrency, windows);
  }
  return Math.max(mailboxes, usage.channelMessageReads / config.channelMessagesPerSecond);
}
