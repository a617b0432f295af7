import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// `pnpm portal` runs the CLI from a bundle (bin/bundle.cjs; `pnpm start` the server likewise). These tests make one in a
// temporary folder and run it as the launcher does, without a running portal, so the embedded
// database path (migrations and PGlite's assets found from the workspace files' own folders) and
// the staleness rule are both exercised.
const { bundleEntry, upToDate } = require('../bin/bundle.cjs') as {
  bundleEntry(entry: string, bundle: string): Promise<void>;
  upToDate(bundle: string): boolean;
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-bundle-'));
const bundle = path.join(work, 'cli.cjs');

beforeAll(() => bundleEntry(path.join(__dirname, 'cli.ts'), bundle), 60_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function runBundle(args: string[], dataDir: string) {
  return spawnSync(process.execPath, [bundle, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    // No portal left its address in this DATA_DIR, so the CLI opens the embedded database in it itself.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
  });
}

it('runs the CLI from one file: usage, and the registry of an embedded database', () => {
  const help = runBundle(['--help'], path.join(work, 'data'));
  expect(help.status).toBe(0);
  expect(help.stdout).toContain('pnpm portal remote rollback <name>');

  const list = runBundle(['remote', 'list'], path.join(work, 'data'));
  expect(list.stderr).toContain(`Registry: the embedded database in ${path.join(work, 'data')}/db`);
  expect(list.status).toBe(0);

  const rollback = runBundle(['remote', 'rollback', 'support'], path.join(work, 'data'));
  expect(rollback.status).toBe(2);
  expect(rollback.stderr).toMatch(/support/);
}, 120_000);

it('is out of date once a file it was made from changes or goes, and when it is missing', () => {
  expect(upToDate(bundle)).toBe(true);
  const inputs = `${bundle}.inputs.json`;
  const original = fs.readFileSync(inputs, 'utf8');
  const source = path.join(work, 'input.ts');
  fs.writeFileSync(source, 'export const a = 1;\n');
  const stat = fs.statSync(source);
  fs.writeFileSync(inputs, JSON.stringify([...JSON.parse(original), [source, stat.size, stat.mtimeMs]]));
  expect(upToDate(bundle)).toBe(true);

  fs.writeFileSync(source, 'export const a = 22;\n');
  expect(upToDate(bundle)).toBe(false);
  fs.rmSync(source);
  expect(upToDate(bundle)).toBe(false);

  fs.writeFileSync(inputs, original);
  expect(upToDate(bundle)).toBe(true);
  expect(upToDate(path.join(work, 'missing.cjs'))).toBe(false);
});
