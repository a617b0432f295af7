import fs from 'node:fs';
import path from 'node:path';

// All environment variables are read once, by the schema of this package: product code gets the
// parsed settings passed in, and only a process's entry point calls readEnvSettings().

const INFRA = path.resolve(__dirname, '../..');
const SCANNED = ['api/src', 'engine/src', 'portal-server/src', 'outbound-guard/src'];
const ENTRY_POINTS = new Set(['api/src/main.ts', 'portal-server/src/main.ts', 'portal-server/src/cli.ts', 'engine/src/worker-cli.ts']);
// Tests, their helpers and benches may set up or inspect the environment of the processes they start.
const NOT_PRODUCT = /(\.test\.tsx?$|\/(test|testing|__tests__|bench)\/)/;

/** Whether code (comments aside) reads process.env, by member access, index or destructuring. */
function readsProcessEnv(source: string): boolean {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return /\bprocess\s*(\?\.|\.)\s*env\b|\bprocess\s*\[\s*['"`]env['"`]\s*\]|\{[^}]*\benv\b[^}]*\}\s*=\s*(globalThis\.)?process\b/.test(code);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.(c|m)?tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('process.env', () => {
  it('is read only by the entry points and @portal/settings', () => {
    const readers = SCANNED.flatMap((folder) => sourceFiles(path.join(INFRA, folder)))
      .map((file) => path.relative(INFRA, file).split(path.sep).join('/'))
      .filter((file) => !NOT_PRODUCT.test(file) && !ENTRY_POINTS.has(file))
      .filter((file) => readsProcessEnv(fs.readFileSync(path.join(INFRA, file), 'utf8')));
    expect(readers).toEqual([]);
  });

  it('is found however the code spells it', () => {
    expect(readsProcessEnv('const port = process.env.PORT;')).toBe(true);
    expect(readsProcessEnv("const port = process['env'].PORT;")).toBe(true);
    expect(readsProcessEnv('const { env } = process;')).toBe(true);
    expect(readsProcessEnv('export function f(env = process.env) {}')).toBe(true);
    expect(readsProcessEnv('spawn(cmd, { env: { ...process.env, A: "1" } });')).toBe(true);
    expect(readsProcessEnv('// process.env.PORT is read by @portal/settings\nconst a = settings.PORT;')).toBe(false);
    expect(readsProcessEnv('const env = readEnvSettings(); const url = "http://x.test/";')).toBe(false);
  });
});
