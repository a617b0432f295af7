import crypto from 'node:crypto';
import { parseGrafanaUrl } from '@portal/contracts/grafana-url';
import { checkMetricsToken, isWholeMs } from '@portal/settings';

export interface MetricsOptions {
  /** METRICS_TOKEN: a bearer token Prometheus may scrape api/metrics with (at least 16 characters). */
  token?: string;
  /** GRAFANA_URL: the dashboard the /grafana page embeds; validated as an http(s) URL. */
  grafanaUrl?: string;
  /** How often this process writes a history sample (ms; METRICS_SAMPLE_EVERY_MS). Default one minute; 0 turns sampling off. */
  sampleEveryMs?: number;
}

export interface ResolvedMetricsOptions {
  token: string | null;
  grafanaUrl: string | null;
  sampleEveryMs: number;
}

/** The options as given (setupApi fills them from METRICS_TOKEN, GRAFANA_URL and METRICS_SAMPLE_EVERY_MS), checked by the same rules. */
export function resolveMetricsOptions(options: MetricsOptions = {}): ResolvedMetricsOptions {
  const token = options.token === undefined ? null : checkMetricsToken(options.token);
  const grafana = parseGrafanaUrl(options.grafanaUrl);
  const sampleEveryMs = options.sampleEveryMs ?? 60_000;
  if (!isWholeMs(sampleEveryMs)) throw new Error('METRICS_SAMPLE_EVERY_MS must be a whole number of ms');
  return { token, grafanaUrl: grafana ? grafana.href : null, sampleEveryMs };
}

/** Constant-time comparison; hashing first makes the lengths equal and hides the token's length. */
export function tokenMatches(presented: string | undefined, expected: string | null): boolean {
  if (!presented || !expected) return false;
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(presented), digest(expected));
}
