import type { z } from 'zod';
import { envDocs, envSchema, type EnvReader } from './env-schema';

const READERS: Record<EnvReader, string> = { portal: 'portal', cli: 'CLI', api: 'API alone', worker: 'worker' };

function fixedDefault(schema: z.ZodType): string | undefined {
  const def = schema._zod.def as { type: string; defaultValue?: unknown };
  if (def.type !== 'default') return undefined;
  const value = def.defaultValue;
  return typeof value === 'boolean' ? (value ? 'on' : 'off') : `\`${String(value)}\``;
}

const cell = (value: string) => value.replace(/\|/g, '\\|');

/** The README's table of every variable, written from the schema (`pnpm --filter @portal/settings readme`). */
export function envTable(): string {
  const rows = Object.entries(envSchema.shape).map(([name, schema]) => {
    const doc = envDocs.get(schema);
    if (!doc || !schema.description) throw new Error(`${name} has no type, readers or description`);
    const fallback = doc.default ?? fixedDefault(schema) ?? 'unset';
    return `| \`${name}\` | ${cell(doc.type)} | ${cell(fallback)} | ${doc.readBy.map((reader) => READERS[reader]).join(', ')} | ${cell(schema.description)} |`;
  });
  return ['| Variable | Type | Default | Read by | Meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}

export const TABLE_START = '<!-- env-table:start (written from src/env-schema.ts: pnpm --filter @portal/settings readme) -->';
export const TABLE_END = '<!-- env-table:end -->';

/** The README with the table between its markers replaced. */
export function withEnvTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('The README has no env-table markers');
  return `${readme.slice(0, start + TABLE_START.length)}\n${envTable()}\n${readme.slice(end)}`;
}
