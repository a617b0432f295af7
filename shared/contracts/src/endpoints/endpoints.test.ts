import { PUBLIC_URL_MARKERS } from '@portal/config';
import { z } from 'zod';
import { pathParamNames, type EndpointDescriptor } from '../endpoint';
import { accountEndpoints, adminEndpoints, apiKeyEndpoints, backupEndpoints, ENDPOINTS, supportEndpoints, usageEndpoints, webhookEndpoints } from './index';

const entries = Object.entries(ENDPOINTS);

// Public endpoints the spec's markers do not name, each with the reason it needs no session. The
// browser's calls send no identity headers to them because their descriptor says public.
const PUBLIC_WITHOUT_MARKER: Record<string, string> = {
  '/media/:file': 'fetched by <img>; the name is the SHA-256 of the bytes',
  '/api/backup/items/:itemId/download': "opened by the browser; the signed link's token is the permission",
  '/api/jobs/:jobId/download': "opened by the browser; the signed link's token is the permission",
  '/api/usage/reports/:reportId/download': "opened by the browser; the signed link's token is the permission",
  '/api/invitations/accept': "the invited person has no session yet; the invitation's token is the permission",
  '/api/platform/maintenance': 'the sign-in pages show the maintenance notice too',
  '/api/backup/tenants/consent/callback': "Microsoft's redirect; the single-use state and the browser's binding cookie are the permission",
};

test('every name is unique across the areas (ENDPOINTS merges them)', () => {
  const areas = [accountEndpoints, adminEndpoints, apiKeyEndpoints, backupEndpoints, supportEndpoints, usageEndpoints, webhookEndpoints];
  const total = areas.reduce((sum, area) => sum + Object.keys(area).length, 0);
  expect(entries).toHaveLength(total);
});

test('a method and path belong to one descriptor', () => {
  const keys = entries.map(([, e]) => `${e.method} ${e.path}`);
  expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
});

test("a path's parameters are exactly its params schema's fields", () => {
  for (const [name, endpoint] of entries) {
    const schema = (endpoint as EndpointDescriptor).params as z.ZodObject | undefined;
    const declared = schema ? Object.keys(schema.shape).sort() : [];
    expect({ name, params: pathParamNames(endpoint.path).sort() }).toEqual({ name, params: declared });
  }
});

test("an endpoint the spec's public URL markers name is public; any other public one says why", () => {
  const marked = (path: string) => PUBLIC_URL_MARKERS.some((marker) => path.includes(marker));
  for (const [name, endpoint] of entries) {
    const isPublic = endpoint.access.kind === 'public';
    const expected = marked(endpoint.path) || endpoint.path in PUBLIC_WITHOUT_MARKER;
    expect({ name, path: endpoint.path, isPublic }).toEqual({ name, path: endpoint.path, isPublic: expected });
  }
});
