import fs from 'node:fs';
import path from 'node:path';

 
const { MUI_SUBPATHS, SINGLETONS } = require('./index.cjs') as { MUI_SUBPATHS: string[]; SINGLETONS: string[] };

const ROOT = path.resolve(__dirname, '../../..');
const SOURCES = ['host', ...fs.readdirSync(path.join(ROOT, 'remotes')).map((r) => `remotes/${r}`), ...fs.readdirSync(path.join(ROOT, 'shared')).map((s) => `shared/${s}`)];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) ? [file] : [];
  });
}

const imported = new Set<string>();
for (const app of SOURCES)
  for (const file of sourceFiles(path.join(ROOT, app, 'src')))
    for (const [, request] of fs.readFileSync(file, 'utf8').matchAll(/from '(@mui\/material(?:\/[^']*)?)'/g)) imported.add(request);

test('every @mui/material subpath the apps import is shared, so a remote gets the host copy', () => {
  expect([...imported].filter((request) => !MUI_SUBPATHS.includes(request))).toEqual([]);
});

test('@mui/material is shared per subpath, not as one module', () => {
  expect(SINGLETONS).not.toContain('@mui/material');
  expect(SINGLETONS).toEqual(expect.arrayContaining(['@mui/material/styles', '@mui/material/utils']));
});
