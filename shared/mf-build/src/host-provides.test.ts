import path from 'node:path';

// The host provides the shared singletons without consuming them (host-provides.cjs): its provides
// must hold every share key once, from the file the share is built from, under the same version.
type SharedOptions = { import?: string | false; version: string; requiredVersion: string; singleton: boolean };
const { sharedConfig, SINGLETONS, HOST_PROVIDES, SUBSET_SHARES } = require('./index.cjs') as {
  sharedConfig: (dir: string, options?: { isHost?: boolean }) => Record<string, SharedOptions>;
  SINGLETONS: string[];
  HOST_PROVIDES: string[];
  SUBSET_SHARES: Record<string, string>;
};
const { hostProvides, subsetShareAliases } = require('./host-provides.cjs') as {
  hostProvides: (shared: Record<string, SharedOptions>) => Array<Record<string, { shareKey: string; version: string; singleton: boolean; request: string }>>;
  subsetShareAliases: (subsetShares: Record<string, string>) => Record<string, string>;
};

const HOST_DIR = path.resolve(__dirname, '../../../host');

test('the host provides every singleton once, under its share key and version, from the file it is built from', () => {
  const shared = sharedConfig(HOST_DIR, { isHost: true });
  const provides = hostProvides(shared).map((entry) => Object.entries(entry)[0]);
  expect(provides.map(([, options]) => options.shareKey).sort()).toEqual([...SINGLETONS].sort());
  for (const [request, options] of provides) {
    const key = options.shareKey;
    expect({ key, version: options.version, singleton: options.singleton }).toEqual({ key, version: shared[key].version, singleton: true });
    // A subpath the host's code may not import, and the subset shares, are provided from a resolved file.
    if (HOST_PROVIDES.includes(key)) expect({ key, absolute: path.isAbsolute(request) }).toEqual({ key, absolute: true });
    if (SUBSET_SHARES[key]) expect({ key, request }).toEqual({ key, request: SUBSET_SHARES[key] });
    expect(options.request).toBe(request);
  }
});

test("the host's own imports of a subset share's package reach the share's file, and only the package's entry", () => {
  const aliases = subsetShareAliases(SUBSET_SHARES);
  expect(aliases).toEqual({ 'react-router-dom$': SUBSET_SHARES['react-router-dom'], 'react-router$': SUBSET_SHARES['react-router'], zod$: SUBSET_SHARES.zod });
});
