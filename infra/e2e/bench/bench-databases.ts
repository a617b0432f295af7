import { openDatabase, type Db } from '../../db/src/index';

/** The PostgreSQL the benches measure on (this machine runs one with trust auth). */
export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Runs `measure` on PGlite, then on PostgreSQL in a schema of its own (`schema`, default a fresh name
 * from `prefix`), dropped after unless `keepSchema`. BENCH_SKIP_PGLITE=1 and BENCH_SKIP_PG=1 skip
 * one; a PostgreSQL that cannot be reached is reported and skipped.
 */
export async function onEachDatabase(
  prefix: string,
  measure: (label: 'PGlite' | 'PostgreSQL', db: Db) => Promise<void>,
  { schema = `${prefix}_${process.pid}_${Date.now()}`, keepSchema = false }: { schema?: string; keepSchema?: boolean } = {},
): Promise<void> {
  if (process.env.BENCH_SKIP_PGLITE !== '1') {
    const lite = await openDatabase({});
    try {
      await measure('PGlite', lite);
    } finally {
      await lite.close();
    }
  }
  if (process.env.BENCH_SKIP_PG === '1') return;
  const pg = await openDatabase({ databaseUrl: BENCH_PG_URL, schema }).catch((error: Error) => {
    console.log(`\nPostgreSQL not reachable at ${BENCH_PG_URL}: ${error.message}`);
    return null;
  });
  if (!pg) return;
  try {
    await measure('PostgreSQL', pg);
  } finally {
    if (!keepSchema) await pg.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    await pg.close();
  }
}
