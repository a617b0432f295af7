import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// `tsc -b` checks only the projects the root tsconfig.json references, so a package without its
// tsconfig, or left out of the references, would silently go unchecked.
const root = path.resolve(__dirname, '../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

// Committed workspace packages (git ls-files, so a package another engineer is still writing in this
// checkout is not counted before it lands). The build factory is CommonJS JavaScript, not checked by tsc.
const packages = execFileSync('git', ['ls-files', '--', 'host/package.json', 'remotes/*/package.json', 'shared/*/package.json', 'infra/*/package.json'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean)
  .map((file) => path.dirname(file))
  .filter((dir) => dir !== 'shared/mf-build');
// Everything in host, remotes and shared runs in the browser (contracts and config also on the server,
// so they must not need Node either).
const browser = (dir: string) => !dir.startsWith('infra/');
const references: string[] = readJson('tsconfig.json').references.map((ref: { path: string }) => ref.path);

test.each(packages)('%s has a tsconfig.json extending the base, referenced from the root', (dir) => {
  expect(existsSync(path.join(root, dir, 'tsconfig.json'))).toBe(true);
  const config = readJson(`${dir}/tsconfig.json`);
  expect(path.resolve(root, dir, config.extends)).toBe(path.join(root, 'tsconfig.base.json'));
  expect(config.compilerOptions.composite).toBe(true);
  expect(references).toContain(dir);
});

test.each(packages)('%s references every workspace package it depends on', (dir) => {
  const manifest = readJson(`${dir}/package.json`);
  // A dependency on a package not committed yet is another engineer's work in progress.
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => name.startsWith('@portal/') && name !== '@portal/mf-build');
  const byName = new Map(packages.map((p) => [readJson(`${p}/package.json`).name as string, p]));
  const referenced = (readJson(`${dir}/tsconfig.json`).references ?? []).map((ref: { path: string }) => path.join(dir, ref.path));
  for (const name of names.filter((n) => byName.has(n))) expect(referenced).toContain(byName.get(name));
});

test.each(packages.filter(browser))('%s (browser code) sees no Node types outside its tests', (dir) => {
  const config = readJson(`${dir}/tsconfig.json`);
  expect(config.compilerOptions.types).toEqual([]);
  expect(references).toContain(`${dir}/tsconfig.test.json`);
});
