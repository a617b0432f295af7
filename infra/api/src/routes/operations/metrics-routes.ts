import { adminEndpoints as ep } from '@portal/contracts/endpoints';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { formatExposition } from '../../metrics/exposition';
import type { HttpMetrics } from '../../metrics/http-metrics';
import { backupFamilies, processFamilies, readBackupGauges } from '../../metrics/job-metrics';
import { metricsHistory, startMetricSampler } from '../../metrics/metric-samples';
import type { ResolvedMetricsOptions } from '../../metrics/metrics-options';
import { registerEndpoint } from '../../plugins/endpoint-route';

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** api/metrics (Prometheus), and the /grafana page's config and history (ADMIN). */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  const options = deps.metrics;
  // Prometheus presents METRICS_TOKEN; a person needs an ADMIN session like on any other route (`scrape` access).
  registerEndpoint(app, ep.scrapeMetrics, async ({ reply }) => {
    const gauges = await readBackupGauges(deps.db);
    const body = formatExposition([...options.http.families(), ...backupFamilies(gauges), ...processFamilies(deps.startedAt)]);
    return reply.header('cache-control', 'no-store').type(PROMETHEUS_CONTENT_TYPE).send(body);
  });

  // Each process writes its own history rows, told apart by this id.
  if (options.sampleEveryMs > 0) {
    const stopSampler = startMetricSampler(deps.db, options.http, `${process.pid}-${crypto.randomUUID()}`, app.log, options.sampleEveryMs);
    app.addHook('onClose', async () => stopSampler());
  }

  registerEndpoint(app, ep.getMetricsConfig, async () => ({ grafanaUrl: options.grafanaUrl }));

  registerEndpoint(app, ep.getMetricsHistory, async ({ query }) => metricsHistory(deps.db, query.range));
}
