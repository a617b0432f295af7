import { Pool } from 'pg';
import type { EngineDb, EngineQueryable } from './ports';

/** A PostgreSQL EngineDb for processes that run only the engine (the worker CLI). */
export function openPgEngineDb(databaseUrl: string, options: { schema?: string; poolSize?: number } = {}): EngineDb & { close(): Promise<void> } {
  if (options.schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(options.schema)) throw new Error(`Unsafe schema name: ${options.schema}`);
  const pool = new Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  pool.on('error', () => undefined);
  return {
    driver: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      const result = await pool.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: EngineQueryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const value = await fn({
          async query<R>(sql: string, params?: unknown[]) {
            return { rows: (await client.query(sql, params)).rows as R[] };
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('commit');
        return value;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
