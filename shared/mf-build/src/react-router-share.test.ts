import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const SHARE = path.join(__dirname, 'react-router-share.mjs');
const APPS = ['host', ...fs.readdirSync(path.join(ROOT, 'remotes')).map((r) => `remotes/${r}`), ...fs.readdirSync(path.join(ROOT, 'shared')).map((s) => `shared/${s}`)];

// Files webpack bundles: jest's tests and test helpers import React Router itself, not the share.
function bundledFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'testing', '__tests__'].includes(entry.name) ? [] : bundledFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Value names in `export { a, b as c } from '<from>'` lists of the share file. */
function sharedNames(): Set<string> {
  const names = new Set<string>();
  for (const [, list] of fs.readFileSync(SHARE, 'utf8').matchAll(/export \{([^}]*)\} from '[^']+'/g))
    for (const item of list.split(',').map((s) => s.trim()).filter(Boolean)) names.add(item.split(/\s+as\s+/).pop()!);
  return names;
}

/** Every value name an app's bundled code takes from react-router or react-router-dom, with where. */
function importedNames(): { name: string; file: string }[] {
  const found: { name: string; file: string }[] = [];
  for (const app of APPS)
    for (const file of bundledFiles(path.join(ROOT, app, 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [statement, what] of text.matchAll(/(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+'react-router(?:-dom)?'/g)) {
        if (statement.startsWith('import type') || statement.startsWith('export type')) continue;
        const braces = /\{([^}]*)\}/.exec(what ?? statement);
        // A namespace import or `export *` would reach names nobody listed: refused.
        if (!braces || /\*/.test(statement)) {
          found.push({ name: statement, file });
          continue;
        }
        for (const item of braces[1].split(',').map((s) => s.trim()).filter(Boolean)) {
          if (item.startsWith('type ')) continue;
          found.push({ name: item.split(/\s+as\s+/)[0], file: path.relative(ROOT, file) });
        }
      }
    }
  return found;
}

test('the shared React Router list has every name the apps import from react-router(-dom)', () => {
  const shared = sharedNames();
  const imported = importedNames();
  expect(imported.length).toBeGreaterThan(10);
  expect(imported.filter(({ name }) => !shared.has(name))).toEqual([]);
});

test('every name in the list is one react-router-dom exports', () => {
  const real = require('react-router-dom') as Record<string, unknown>;
  const shared = [...sharedNames()];
  expect(shared).toContain('RouterProvider');
  expect(shared.filter((name) => real[name] === undefined)).toEqual([]);
});

test('both share keys provide the list, in every app', () => {
  const { sharedConfig, ROUTER_SHARES } = require('./index.cjs') as {
    sharedConfig: (dir: string, options?: { isHost?: boolean }) => Record<string, { import?: string; singleton: boolean }>;
    ROUTER_SHARES: Record<string, string>;
  };
  expect(fs.readFileSync(ROUTER_SHARES['react-router'], 'utf8')).toContain("export * from './react-router-share.mjs'");
  for (const [dir, isHost] of [[path.join(ROOT, 'host'), true], [path.join(ROOT, 'remotes/support'), false]] as const) {
    const shared = sharedConfig(dir, { isHost });
    expect(shared['react-router-dom']).toMatchObject({ singleton: true, import: SHARE });
    expect(shared['react-router']).toMatchObject({ singleton: true, import: ROUTER_SHARES['react-router'] });
  }
});
