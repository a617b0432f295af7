import { PUBLIC_URL_MARKERS } from '@portal/config';
import { z } from 'zod';
import { pathParamNames } from '../endpoint';
import { accountEndpoints, adminEndpoints, backupEndpoints, ENDPOINTS, supportEndpoints } from './index';

const entries = Object.entries(ENDPOINTS);

// Images are fetched by <img> elements, never through the request wrapper, so the spec's markers
// (which tell the wrapper to drop identity headers) do not name them.
const PUBLIC_WITHOUT_MARKER = ['/media/:file'];

test('every name is unique across the areas (ENDPOINTS merges them)', () => {
  const areas = [accountEndpoints, adminEndpoints, backupEndpoints, supportEndpoints];
  const total = areas.reduce((sum, area) => sum + Object.keys(area).length, 0);
  expect(entries).toHaveLength(total);
});

test('a method and path belong to one descriptor', () => {
  const keys = entries.map(([, e]) => `${e.method} ${e.path}`);
  expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
});

test("a path's parameters are exactly its params schema's fields", () => {
  for (const [name, endpoint] of entries) {
    const declared = endpoint.params ? Object.keys((endpoint.params as z.ZodObject).shape).sort() : [];
    expect({ name, params: pathParamNames(endpoint.path).sort() }).toEqual({ name, params: declared });
  }
});

test("the spec's public URL markers name exactly the public endpoints the browser calls", () => {
  const marked = (path: string) => PUBLIC_URL_MARKERS.some((marker) => path.includes(marker));
  for (const [name, endpoint] of entries) {
    const isPublic = endpoint.access.kind === 'public';
    const expected = marked(endpoint.path) || PUBLIC_WITHOUT_MARKER.includes(endpoint.path);
    expect({ name, path: endpoint.path, isPublic }).toEqual({ name, path: endpoint.path, isPublic: expected });
  }
});
