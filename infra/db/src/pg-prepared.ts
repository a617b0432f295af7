import type { QueryConfig } from 'pg';
import { PREPARED_LIMIT } from './pglite-prepared';

/**
 * Statements on PostgreSQL as named prepared statements, one name per SQL text, as on PGlite
 * (pglite-prepared.ts). node-postgres sends an unnamed statement through Parse every time, so the
 * server parses, analyses and plans it on every call: for an engine run's small statements planning
 * was most of the server's work (an object's snapshot count planned in about 2 ms and ran in about
 * 1 ms). A named one is parsed once per session, and after five runs the server may keep a generic
 * plan (plan_cache_mode auto). A statement whose best plan depends on its values asks to be planned
 * each time (QueryOptions.planEachRun) and goes unnamed.
 *
 * Names are kept for PREPARED_LIMIT distinct texts, the least recently used given up beyond it; a
 * session keeps the statements it prepared under the names given up (node-postgres cannot close
 * them), which our fixed set of texts never comes near. A name that a schema change invalidated
 * (cached plan must not change result type) is replaced by a new one for that text.
 */

/**
 * Errors after which a text gets a new name: a table it reads changed its columns since a session
 * prepared it, or the session dropped its statements.
 */
const PREPARE_AGAIN = new Set(['0A000', '26000']);

/** Statement names, unique in the process: a session never sees one name for two texts. */
let counter = 0;

export interface PgStatements {
  /** The query to send for `sql`: named, unless `planEachRun`. */
  config(sql: string, params: unknown[] | undefined, planEachRun?: boolean): QueryConfig;
  /**
   * After `error` from `config`'s query: whether the text got a new name, so that running it again
   * (outside a transaction; inside one the error has ended it) prepares it afresh.
   */
  renamed(config: QueryConfig, error: unknown): boolean;
}

export function pgStatements(limit = PREPARED_LIMIT): PgStatements {
  /** Name by SQL text, least recently used first. */
  const names = new Map<string, string>();
  return {
    config(sql, params, planEachRun) {
      if (planEachRun) return { text: sql, values: params };
      let name = names.get(sql);
      if (name) names.delete(sql);
      else name = `portal_${(counter += 1)}`;
      names.set(sql, name);
      if (names.size > limit) names.delete(names.keys().next().value as string);
      return { name, text: sql, values: params };
    },
    renamed(config, error) {
      if (!config.name || !PREPARE_AGAIN.has((error as { code?: string } | null)?.code ?? '') || names.get(config.text) !== config.name) return false;
      names.delete(config.text);
      return true;
    },
  };
}
