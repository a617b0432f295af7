import fs from 'node:fs';
import path from 'node:path';

// React Router and zod are shared as lists of names (react-router-share.mjs, zod-share.mjs): an app
// that uses a name missing from its list would fail in the browser, so these tests read the apps'
// bundled sources for every name they take.
const { sharedConfig, SUBSET_SHARES, subsetNames } = require('./index.cjs') as {
  sharedConfig: (dir: string, options?: { isHost?: boolean }) => Record<string, { import?: string; singleton: boolean }>;
  SUBSET_SHARES: Record<string, string>;
  subsetNames: (file: string) => string[];
};

const ROOT = path.resolve(__dirname, '../../..');
const APPS = ['host', ...fs.readdirSync(path.join(ROOT, 'remotes')).map((r) => `remotes/${r}`), ...fs.readdirSync(path.join(ROOT, 'shared')).map((s) => `shared/${s}`)];

// Files webpack bundles: jest's tests and test helpers import the packages themselves, not the shares.
function bundledFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'testing', '__tests__'].includes(entry.name) ? [] : bundledFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const SOURCES = APPS.flatMap((app) => bundledFiles(path.join(ROOT, app, 'src'))).map((file) => ({ file: path.relative(ROOT, file), text: fs.readFileSync(file, 'utf8') }));

/** Every value name the apps' bundled code takes from react-router or react-router-dom, with where. */
function routerNames(): { name: string; file: string }[] {
  const found: { name: string; file: string }[] = [];
  for (const { file, text } of SOURCES)
    for (const [statement, , what] of text.matchAll(/(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+'react-router(?:-dom)?'/g)) {
      if (statement.startsWith('import type') || statement.startsWith('export type')) continue;
      const braces = /\{([^}]*)\}/.exec(what ?? statement);
      // A namespace import or `export *` would reach names nobody listed: refused.
      if (!braces || /\*/.test(statement)) {
        found.push({ name: statement, file });
        continue;
      }
      for (const item of braces[1].split(',').map((s) => s.trim()).filter(Boolean)) {
        if (item.startsWith('type ')) continue;
        found.push({ name: item.split(/\s+as\s+/)[0], file });
      }
    }
  return found;
}

/** Every `z.<name>` the apps' bundled code uses as a value, where `z` comes from zod, with where; and any other value import of zod. */
function zodNames(): { name: string; file: string; member: boolean }[] {
  const found: { name: string; file: string; member: boolean }[] = [];
  for (const { file, text } of SOURCES)
    for (const [statement, typeOnly, what] of text.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+'zod'/g)) {
      if (typeOnly) continue;
      const values = (/\{([^}]*)\}/.exec(what)?.[1] ?? statement)
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s && !s.startsWith('type '));
      // Only `{ z }` is shared: a default, namespace or other named import would reach names nobody listed.
      for (const value of values.filter((v) => v !== 'z')) found.push({ name: value, file, member: false });
      // A value use calls the name, reads a member of it or tests instanceof; `z.infer<...>` and a
      // bare `z.ZodType` annotation are types, gone at run time.
      if (values.includes('z'))
        for (const [, instance, name, next] of text.matchAll(/(instanceof\s+)?\bz\.([A-Za-z_]\w*)(\s*[(.])?/g)) if (instance || next) found.push({ name, file, member: true });
    }
  return found;
}

test('the shared React Router list has every name the apps import from react-router(-dom)', () => {
  const shared = new Set(subsetNames(SUBSET_SHARES['react-router-dom']));
  const imported = routerNames();
  expect(imported.length).toBeGreaterThan(10);
  expect(imported.filter(({ name }) => !shared.has(name))).toEqual([]);
});

test('the shared zod list has every function the apps call on z (type names such as z.infer are not values and need none)', () => {
  const shared = new Set(subsetNames(SUBSET_SHARES.zod));
  const real = require('zod').z as Record<string, unknown>;
  const used = zodNames();
  expect(used.filter(({ name }) => name === 'object').length).toBeGreaterThan(10);
  expect(used.filter(({ member, name }) => member && real[name] !== undefined && !shared.has(name))).toEqual([]);
  // Only `z` is shared: any other value imported from zod would be missing in the browser.
  expect(used.filter(({ member }) => !member)).toEqual([]);
});

test('every name in each list is one the package exports, and the list is what the deploy check reads', () => {
  const router = require('react-router-dom') as Record<string, unknown>;
  const zod = require('zod').z as Record<string, unknown>;
  const routerList = subsetNames(SUBSET_SHARES['react-router-dom']);
  const zodList = subsetNames(SUBSET_SHARES.zod);
  expect(routerList).toEqual(expect.arrayContaining(['BrowserRouter', 'useRoutes']));
  expect(zodList).toEqual(expect.arrayContaining(['object', 'string', 'enum']));
  expect(routerList.filter((name) => router[name] === undefined)).toEqual([]);
  expect(zodList.filter((name) => zod[name] === undefined)).toEqual([]);
  expect(subsetNames(SUBSET_SHARES['react-router'])).toEqual(routerList);
});

test("the host provides each list under its share key; a remote consumes it and provides none of its own", () => {
  expect(fs.readFileSync(SUBSET_SHARES['react-router'], 'utf8')).toContain("export * from './react-router-share.mjs'");
  const host = sharedConfig(path.join(ROOT, 'host'), { isHost: true });
  const remote = sharedConfig(path.join(ROOT, 'remotes/support'));
  for (const [request, file] of Object.entries(SUBSET_SHARES)) {
    expect({ request, ...host[request] }).toMatchObject({ request, singleton: true, import: file });
    expect({ request, ...remote[request] }).toMatchObject({ request, singleton: true, import: false });
  }
});
