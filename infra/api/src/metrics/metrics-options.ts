import crypto from 'node:crypto';
import { parseGrafanaUrl } from '@portal/contracts/grafana-url';

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

export function resolveMetricsOptions(options: MetricsOptions = {}, env: NodeJS.ProcessEnv = process.env): ResolvedMetricsOptions {
  const token = options.token ?? (env.METRICS_TOKEN || undefined);
  if (token !== undefined && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  const grafana = parseGrafanaUrl(options.grafanaUrl ?? (env.GRAFANA_URL || undefined));
  const sampleEveryMs = options.sampleEveryMs ?? (env.METRICS_SAMPLE_EVERY_MS ? Number(env.METRICS_SAMPLE_EVERY_MS) : 60_000);
  if (!Number.isInteger(sampleEveryMs) || sampleEveryMs < 0) throw new Error('METRICS_SAMPLE_EVERY_MS must be a whole number of ms');
  return { token: token ?? null, grafanaUrl: grafana ? grafana.href : null, sampleEveryMs };
}

/** The origin of GRAFANA_URL (undefined when unset): the portal server's CSP frames only it. */
export function grafanaOrigin(raw: string | undefined): string | undefined {
  return parseGrafanaUrl(raw || undefined)?.origin;
}

/** Constant-time comparison; hashing first makes the lengths equal and hides the token's length. */
export function tokenMatches(presented: string | undefined, expected: string | null): boolean {
  if (!presented || !expected) return false;
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(presented), digest(expected));
}
