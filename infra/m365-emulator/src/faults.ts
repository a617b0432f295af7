// Throttling and failure injection. A rule fires on matching requests until its count runs out;
// `every` makes it fire on every n-th matching request instead of each one.

export interface ThrottleRule {
  status?: 429 | 503;
  /** Sent as Retry-After (whole seconds, as Graph does). Default 1. */
  retryAfterSeconds?: number;
  /** How many responses to throttle; default unlimited until cleared. */
  count?: number;
  every?: number;
  /** Substring of the request path; default: every Graph, upload and download request. */
  match?: string;
}

export interface FailureRule {
  status?: number;
  code?: string;
  message?: string;
  count?: number;
  every?: number;
  match?: string;
  /** Drop the connection instead of answering. */
  disconnect?: boolean;
}

/** Downloads served with wrong bytes (first byte inverted, same length): what a client's hash check must catch. */
export interface CorruptionRule {
  count?: number;
  every?: number;
  /** Substring of the download path; default every download. */
  match?: string;
}

interface Active<T> {
  rule: T;
  remaining: number;
  seen: number;
}

export class Faults {
  private throttle: Active<ThrottleRule> | null = null;
  private failure: Active<FailureRule> | null = null;
  private corruption: Active<CorruptionRule> | null = null;

  setThrottle(rule: ThrottleRule | null): void {
    this.throttle = rule ? { rule, remaining: rule.count ?? Infinity, seen: 0 } : null;
  }

  setFailure(rule: FailureRule | null): void {
    this.failure = rule ? { rule, remaining: rule.count ?? Infinity, seen: 0 } : null;
  }

  setCorruption(rule: CorruptionRule | null): void {
    this.corruption = rule ? { rule, remaining: rule.count ?? Infinity, seen: 0 } : null;
  }

  describe() {
    return {
      throttle: this.throttle ? { ...this.throttle.rule, remaining: this.throttle.remaining } : null,
      failure: this.failure ? { ...this.failure.rule, remaining: this.failure.remaining } : null,
      corruption: this.corruption ? { ...this.corruption.rule, remaining: this.corruption.remaining } : null,
    };
  }

  /** Whether this download (`/_download/…`) is to be served corrupted. */
  nextCorruption(path: string): boolean {
    return this.fire(this.corruption, path, true) !== null;
  }

  nextThrottle(path: string, isGraph: boolean): ThrottleRule | null {
    return this.fire(this.throttle, path, isGraph);
  }

  nextFailure(path: string, isGraph: boolean): FailureRule | null {
    return this.fire(this.failure, path, isGraph);
  }

  private fire<T extends { match?: string; every?: number }>(active: Active<T> | null, path: string, isGraph: boolean): T | null {
    if (!active || active.remaining <= 0) return null;
    if (active.rule.match ? !path.includes(active.rule.match) : !isGraph) return null;
    active.seen += 1;
    if (active.rule.every && active.seen % active.rule.every !== 0) return null;
    active.remaining -= 1;
    return active.rule;
  }
}
