import { metricsConfigSchema, metricsHistoryQuerySchema, metricsHistorySchema, type MetricsHistoryQuery } from '@portal/contracts';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatExposition } from '../metrics/exposition';
import type { HttpMetrics } from '../metrics/http-metrics';
import { backupFamilies, processFamilies, readBackupGauges } from '../metrics/job-metrics';
import { metricsHistory, startMetricSampler } from '../metrics/metric-samples';
import { tokenMatches, type ResolvedMetricsOptions } from '../metrics/metrics-options';
import { bearerToken, requireRole } from '../plugins/auth';
import type { RouteDeps } from './route-deps';

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export interface MetricsRouteOptions extends ResolvedMetricsOptions {
  http: HttpMetrics;
}

/** api/metrics (Prometheus), and the /grafana page's config and history (ADMIN). */
export async function metricsRoutes(app: FastifyInstance, deps: RouteDeps, options: MetricsRouteOptions): Promise<void> {
  const admin = [deps.authenticate, requireRole('ADMIN')];
  const adminOnly = requireRole('ADMIN');

  // Prometheus presents METRICS_TOKEN; a person needs an ADMIN session like on any other route.
  const scrapeAuth = async (request: FastifyRequest, reply: FastifyReply) => {
    if (tokenMatches(bearerToken(request), options.token)) return;
    await deps.authenticate.call(app, request, reply);
    await adminOnly.call(app, request, reply);
  };

  app.get('/api/metrics', { preHandler: scrapeAuth }, async (_request, reply) => {
    const gauges = await readBackupGauges(deps.db);
    const body = formatExposition([...options.http.families(), ...backupFamilies(gauges), ...processFamilies(deps.startedAt)]);
    reply.header('cache-control', 'no-store').type(PROMETHEUS_CONTENT_TYPE);
    return body;
  });

  // Each process writes its own history rows, told apart by this id.
  if (options.sampleEveryMs > 0) {
    const stopSampler = startMetricSampler(deps.db, options.http, `${process.pid}-${crypto.randomUUID()}`, app.log, options.sampleEveryMs);
    app.addHook('onClose', async () => stopSampler());
  }

  app.get('/api/metrics/config', { schema: { response: { 200: metricsConfigSchema } }, preHandler: admin }, async () => ({ grafanaUrl: options.grafanaUrl }));

  app.get<{ Querystring: MetricsHistoryQuery }>(
    '/api/metrics/history',
    { schema: { querystring: metricsHistoryQuerySchema, response: { 200: metricsHistorySchema } }, preHandler: admin },
    async (request) => metricsHistory(deps.db, request.query.range),
  );
}
