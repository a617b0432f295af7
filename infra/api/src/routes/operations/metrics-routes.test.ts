import { metricsConfigSchema, metricsHistorySchema } from '@portal/contracts';
import { HttpMetrics } from '../../metrics/http-metrics';
import { storeMetricSample } from '../../metrics/metric-samples';
import { build, signin, signinAs, type ApiInstance } from '../../test/build';
import { parseExposition, valueOf } from '../../test/prometheus-text';

const TOKEN = 'prometheus-scrape-token-0123456789';

async function scrape(app: ApiInstance, headers: Record<string, string>) {
  const response = await app.inject({ method: 'GET', url: '/backend/api/metrics', headers });
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function orgOf(app: ApiInstance, username: string): Promise<string> {
  const { rows } = await app.apiDb.query<{ organisation_id: string }>('select organisation_id from users where username = $1', [username]);
  return rows[0].organisation_id;
}

afterEach(() => {
  delete process.env.METRICS_TOKEN;
  delete process.env.GRAFANA_URL;
});

describe('api/metrics', () => {
  it('answers an ADMIN session or the METRICS_TOKEN only', async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const app = await build();
    const { admin, customer, partner } = await signinAs(app, ['admin', 'customer', 'partner']);

    expect((await app.inject({ method: 'GET', url: '/backend/api/metrics' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/backend/api/metrics', headers: { authorization: 'Bearer wrong-token-0123456789abc' } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/backend/api/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/backend/api/metrics', headers: customer.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/backend/api/metrics', headers: partner.headers })).statusCode).toBe(403);

    const byToken = await app.inject({ method: 'GET', url: '/backend/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const { types } = parseExposition(byToken.body);
    expect(types.get('portal_http_requests_total')).toBe('counter');
    expect(types.get('portal_http_request_duration_seconds')).toBe('histogram');
    expect(types.get('portal_process_heap_used_bytes')).toBe('gauge');
    expect(valueOf(byToken.body, 'portal_process_uptime_seconds')).toBeGreaterThanOrEqual(0);
    expect((await app.inject({ method: 'GET', url: '/backend/api/metrics', headers: admin.headers })).statusCode).toBe(200);
  });

  it('without METRICS_TOKEN no bearer value opens it', async () => {
    const app = await build();
    expect((await app.inject({ method: 'GET', url: '/backend/api/metrics', headers: { authorization: 'Bearer ' } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/backend/api/metrics', headers: { authorization: 'Bearer null' } })).statusCode).toBe(401);
  });

  it('counts requests by route pattern and status class, never by raw URL', async () => {
    const app = await build();
    const admin = await signin(app, 'admin');
    const alertsOk = { method: 'GET', route: '/api/alerts', status_class: '2xx' };
    const before = await scrape(app, admin.headers);
    await app.inject({ method: 'GET', url: '/backend/api/alerts', headers: admin.headers });
    await app.inject({ method: 'GET', url: '/backend/api/alerts?status=all', headers: admin.headers });
    await app.inject({ method: 'POST', url: '/backend/api/alerts/424242/resolve', headers: admin.headers });
    await app.inject({ method: 'GET', url: '/backend/api/no-such-thing/123' });
    const after = await scrape(app, admin.headers);

    expect(valueOf(after, 'portal_http_requests_total', alertsOk) - valueOf(before, 'portal_http_requests_total', alertsOk)).toBe(2);
    expect(valueOf(after, 'portal_http_requests_total', { route: '/api/alerts/:id/resolve', status_class: '4xx' })).toBe(1);
    expect(valueOf(after, 'portal_http_requests_total', { route: 'unmatched', status_class: '4xx' })).toBe(1);
    expect(valueOf(after, 'portal_http_request_duration_seconds_count', { method: 'GET', route: '/api/alerts' })).toBe(2);
    expect(valueOf(after, 'portal_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/alerts', le: '+Inf' })).toBe(2);
    // No label value carries an id or a query string.
    for (const sample of parseExposition(after).samples) {
      expect(sample.labels.route ?? '').not.toMatch(/\d{3,}|\?/);
    }
  });

  it('reports jobs, queue depth and protected bytes from the tables at scrape time', async () => {
    const app = await build();
    const admin = await signin(app, 'admin');
    const org = await orgOf(app, 'customer');
    const before = await scrape(app, admin.headers);
    const insert = async (type: string, status: string) => {
      const { rows } = await app.apiDb.query<{ id: string }>(`insert into backup_jobs (organisation_id, type, title) values ($1, $2, 'Test job') returning id`, [org, type]);
      if (status !== 'queued') await app.apiDb.query(`update backup_jobs set status = $2, finished_at = case when $2 in ('succeeded', 'failed') then now() end where id = $1`, [rows[0].id, status]);
    };
    await insert('backup', 'queued');
    await insert('backup', 'running');
    await insert('restore', 'succeeded');
    await insert('backup', 'failed');
    await insert('backup', 'failed');
    const { rows: tenant } = await app.apiDb.query<{ id: string }>(
      `insert into backup_tenants (organisation_id, name, tenant_id, client_id, secret_sealed, graph_base_url, data_key_wrapped)
       values ($1, 'T', 't', 'c', 's', 'http://graph.invalid', 'k') returning id`,
      [org],
    );
    await app.apiDb.query(`insert into backup_blobs (tenant_id, hash, size, stored_size) values ($1, 'a', 1000, 600), ($1, 'b', 24, 40)`, [tenant[0].id]);

    const after = await scrape(app, admin.headers);
    const delta = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('portal_jobs', { type: 'backup', status: 'queued' })).toBe(1);
    expect(delta('portal_jobs', { type: 'backup', status: 'failed' })).toBe(2);
    expect(delta('portal_jobs', { type: 'restore', status: 'succeeded' })).toBe(1);
    expect(delta('portal_jobs_finished_total', { type: 'backup', status: 'failed' })).toBe(2);
    expect(delta('portal_job_queue_depth', { state: 'queued' })).toBe(1);
    expect(delta('portal_job_queue_depth', { state: 'running' })).toBe(1);
    expect(delta('portal_protected_bytes')).toBe(1024);
    expect(delta('portal_stored_bytes')).toBe(640);
  });
});

describe('api/metrics/history and config', () => {
  it('serves stored samples per step, for ADMIN only', async () => {
    const app = await build();
    const { admin, customer } = await signinAs(app, ['admin', 'customer']);

    const metrics = new HttpMetrics();
    for (let i = 0; i < 19; i += 1) metrics.record('GET', '/api/x', 200, 0.02);
    metrics.record('GET', '/api/x', 500, 3);
    await storeMetricSample(app.apiDb, metrics, 'process-a');
    // A second API process writing the same minute adds up.
    const other = new HttpMetrics();
    for (let i = 0; i < 5; i += 1) other.record('POST', '/api/y', 201, 0.2);
    await storeMetricSample(app.apiDb, other, 'process-b');

    const response = await app.inject({ method: 'GET', url: '/backend/api/metrics/history?range=1h', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const history = metricsHistorySchema.parse(response.json());
    expect(history).toMatchObject({ range: '1h', stepMinutes: 1 });
    const totalRequests = history.points.reduce((sum, p) => sum + p.requestsPerMinute, 0);
    expect(totalRequests).toBe(25);
    const busiest = history.points.find((p) => p.p95LatencyMs !== null)!;
    expect(busiest.p95LatencyMs).toBeGreaterThan(20);
    expect(metrics.drainDelta().requests).toBe(0);

    expect((await app.inject({ method: 'GET', url: '/backend/api/metrics/history?range=1y', headers: admin.headers })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/backend/api/metrics/history?range=7d', headers: customer.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/backend/api/metrics/history' })).statusCode).toBe(401);
    const week = metricsHistorySchema.parse((await app.inject({ method: 'GET', url: '/backend/api/metrics/history?range=7d', headers: admin.headers })).json());
    expect(week.stepMinutes).toBe(120);
    expect(week.points.reduce((sum, p) => sum + p.requestsPerMinute * 120, 0)).toBe(25);
  });

  it('prunes samples older than 7 days', async () => {
    const app = await build();
    await app.apiDb.query(
      `insert into metric_samples (at, instance, requests, errors, latency_buckets, protected_bytes, protected_items, queue_depth)
       values (now() - interval '8 days', 'old', 1, 0, '[]', 0, 0, 0), (now() - interval '6 days', 'recent', 1, 0, '[]', 0, 0, 0)`,
    );
    await storeMetricSample(app.apiDb, new HttpMetrics(), 'now');
    const { rows } = await app.apiDb.query<{ instance: string }>('select instance from metric_samples order by at');
    expect(rows.map((r) => r.instance)).toEqual(['recent', 'now']);
  });

  it('tells the page the configured Grafana URL', async () => {
    const plain = await build();
    const admin = await signin(plain, 'admin');
    const none = await plain.inject({ method: 'GET', url: '/backend/api/metrics/config', headers: admin.headers });
    expect(metricsConfigSchema.parse(none.json())).toEqual({ grafanaUrl: null });
    expect((await plain.inject({ method: 'GET', url: '/backend/api/metrics/config', headers: (await signin(plain, 'partner')).headers })).statusCode).toBe(403);

    process.env.GRAFANA_URL = 'https://grafana.example.com/d/portal?kiosk';
    const configured = await build();
    const answer = await configured.inject({ method: 'GET', url: '/backend/api/metrics/config', headers: (await signin(configured, 'admin')).headers });
    expect(answer.json()).toEqual({ grafanaUrl: 'https://grafana.example.com/d/portal?kiosk' });

    process.env.GRAFANA_URL = 'javascript:alert(1)';
    await expect(build()).rejects.toThrow('GRAFANA_URL must be an http or https URL');
  });
});
