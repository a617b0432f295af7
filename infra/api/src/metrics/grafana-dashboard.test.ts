import fs from 'node:fs';
import path from 'node:path';
import { build, signin } from '../test/build';
import { parseExposition } from '../test/prometheus-text';

const DASHBOARD = path.join(__dirname, '../../../grafana/portal-dashboard.json');

interface Panel {
  title: string;
  type: string;
  datasource?: { uid?: string };
  targets?: { expr?: string; datasource?: { uid?: string } }[];
}

const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[]; templating: { list: { name: string; type: string; query?: unknown }[] } };

/** Names the API actually exposes, read from a real scrape (histograms add their series suffixes). */
async function exposedNames(): Promise<Set<string>> {
  const app = await build();
  const admin = await signin(app, 'admin');
  // One answered request so the request counter and histogram have series.
  await app.inject({ method: 'GET', url: '/backend/api/alerts', headers: admin.headers });
  const response = await app.inject({ method: 'GET', url: '/backend/api/metrics', headers: admin.headers });
  expect(response.statusCode).toBe(200);
  const { samples, types } = parseExposition(response.body);
  const names = new Set(samples.map((s) => s.name));
  for (const [name, type] of types) {
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

const metricNamesIn = (expr: string): string[] => [...new Set(expr.match(/\bportal_[a-zA-Z0-9_:]*/g) ?? [])];

describe('infra/grafana/portal-dashboard.json', () => {
  it('uses only metrics the API exposes, through the Prometheus datasource variable', async () => {
    const exposed = await exposedNames();
    expect(dashboard.templating.list.find((v) => v.type === 'datasource')).toMatchObject({ name: 'datasource', query: 'prometheus' });

    const used = new Set<string>();
    for (const panel of dashboard.panels) {
      expect(panel.datasource?.uid).toBe('${datasource}');
      expect(panel.targets?.length).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        expect(target.datasource?.uid).toBe('${datasource}');
        const names = metricNamesIn(target.expr ?? '');
        expect(names.length).toBeGreaterThan(0);
        for (const name of names) {
          if (!exposed.has(name)) throw new Error(`panel "${panel.title}" uses ${name}, which api/metrics does not expose`);
          used.add(name);
        }
      }
    }
    // The panels the issue asks for are all there.
    for (const name of ['portal_http_requests_total', 'portal_http_request_duration_seconds_bucket', 'portal_jobs', 'portal_jobs_finished_total', 'portal_protected_bytes', 'portal_job_queue_depth']) {
      expect(used).toContain(name);
    }
  });
});
