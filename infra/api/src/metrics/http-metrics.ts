import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, type MetricFamily } from './exposition';

/** Request latency bucket bounds in seconds (also the layout of metric_samples.latency_buckets). */
export const LATENCY_BOUNDS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** What one API process counted since the previous history sample. */
export interface MinuteDelta {
  requests: number;
  errors: number;
  /** Per-bucket (not cumulative) latency counts, LATENCY_BOUNDS_SECONDS plus the overflow. */
  latencyBuckets: number[];
}

const emptyDelta = (): MinuteDelta => ({ requests: 0, errors: 0, latencyBuckets: new Array<number>(LATENCY_BOUNDS_SECONDS.length + 1).fill(0) });

/**
 * The API's HTTP metrics. Labels are bounded: the route is the registered pattern (never the raw
 * URL, so no ids), unknown methods fold into OTHER and statuses into their class.
 */
export class HttpMetrics {
  readonly requests = new Counter('portal_http_requests_total', 'API requests answered, by method, route pattern and status class.', ['method', 'route', 'status_class']);
  readonly duration = new Histogram('portal_http_request_duration_seconds', 'API request latency in seconds, by method and route pattern.', ['method', 'route'], LATENCY_BOUNDS_SECONDS);
  private delta = emptyDelta();

  record(method: string, route: string, statusCode: number, seconds: number): void {
    const labels = { method: METHODS.has(method) ? method : 'OTHER', route };
    this.requests.inc({ ...labels, status_class: `${Math.floor(statusCode / 100)}xx` });
    this.duration.observe(labels, seconds);
    this.delta.requests += 1;
    if (statusCode >= 500) this.delta.errors += 1;
    this.delta.latencyBuckets[this.duration.bucketIndex(seconds)] += 1;
  }

  /** Hands the counts since the last call to the history sampler and starts over. */
  drainDelta(): MinuteDelta {
    const delta = this.delta;
    this.delta = emptyDelta();
    return delta;
  }

  /** Puts back counts whose sample could not be stored, so the next sample includes them. */
  restoreDelta(delta: MinuteDelta): void {
    this.delta.requests += delta.requests;
    this.delta.errors += delta.errors;
    delta.latencyBuckets.forEach((n, i) => (this.delta.latencyBuckets[i] += n));
  }

  families(): MetricFamily[] {
    return [this.requests.family(), this.duration.family()];
  }
}

/** The route pattern without the plugin's mount prefix; requests that matched no route share one label. */
export function routeLabel(request: FastifyRequest, prefix: string): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return 'unmatched';
  return prefix && pattern.startsWith(prefix) ? pattern.slice(prefix.length) || '/' : pattern;
}

/** Counts every answer of the (encapsulated) API plugin, including its 404s and errors. */
export function useHttpMetrics(app: FastifyInstance, metrics: HttpMetrics): void {
  const prefix = app.prefix;
  app.addHook('onResponse', async (request, reply) => {
    metrics.record(request.method, routeLabel(request, prefix), reply.statusCode, reply.elapsedTime / 1000);
  });
}
