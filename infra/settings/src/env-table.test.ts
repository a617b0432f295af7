import fs from 'node:fs';
import path from 'node:path';
import { envSchema } from './env-schema';
import { envTable, withEnvTable } from './env-table';

describe('the README table', () => {
  it('has a row for every variable', () => {
    const rows = envTable().split('\n').slice(2);
    expect(rows.map((row) => /^\| `([A-Z0-9_]+)` \|/.exec(row)?.[1])).toEqual(Object.keys(envSchema.shape));
    expect(rows.find((row) => row.startsWith('| `PORT` |'))).toBe('| `PORT` | port | `8080` | portal | Port the portal listens on (0: any free port). |');
  });

  it('is the one written from the schema (pnpm --filter @portal/settings readme writes it)', () => {
    const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
    expect(readme).toBe(withEnvTable(readme));
  });
});
