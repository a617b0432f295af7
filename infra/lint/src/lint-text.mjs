// Lints code snippets as if they sat at given paths, with the workspace's own eslint.config.mjs.
// Reads [{ code, filePath }] (paths relative to the workspace root) as JSON on stdin and prints,
// for each, the messages ESLint reports. It runs as its own process because ESLint loads the
// config file with import(), which jest's module sandbox cannot do.
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cases = JSON.parse(readFileSync(0, 'utf8'));
const eslint = new ESLint({ cwd: root });
const results = [];
for (const { code, filePath } of cases) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  results.push(result ? result.messages.map(({ ruleId, severity, message }) => ({ ruleId, severity, message })) : null);
}
process.stdout.write(JSON.stringify(results));
