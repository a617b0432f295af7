import type { TenantGraphHealth } from '@portal/contracts';
import { runPool, tenantCredentials, type Engine, type TenantRow } from '@portal/engine';
import type { Queryable } from '@portal/db';
import { messageOf, timed, withTimeout } from './probe';

export const GRAPH_PROBE_TIMEOUT_MS = 8000;
/** The page refreshes often; Graph (and its throttling) is asked at most once a minute per tenant. */
export const GRAPH_CACHE_MS = 60_000;
export const GRAPH_PROBE_CONCURRENCY = 4;
/** Slower than this still works but is reported degraded. */
export const GRAPH_SLOW_MS = 3000;

type Row = TenantRow & { organisation_name: string };
interface Cached {
  fingerprint: string;
  at: number;
  result: TenantGraphHealth;
}

export interface TenantGraphChecker {
  check(db: Queryable, scopePath: string): Promise<TenantGraphHealth[]>;
}

/**
 * Each backup tenant's Graph connectivity, for real: the engine unseals the credentials, the graph
 * connector acquires a token and reads /organization. Results are cached per tenant and keyed by its
 * credentials, so a changed secret is probed again at once. Nothing returned carries a credential.
 */
export function createTenantGraphChecker(engine: Engine, options: { timeoutMs?: number; cacheMs?: number } = {}): TenantGraphChecker {
  const cache = new Map<string, Cached>();
  const inFlight = new Map<string, Promise<TenantGraphHealth>>();
  const timeoutMs = options.timeoutMs ?? GRAPH_PROBE_TIMEOUT_MS;
  const cacheMs = options.cacheMs ?? GRAPH_CACHE_MS;

  async function probe(row: Row): Promise<TenantGraphHealth> {
    const result = await timed(async () => {
      const outcome = await withTimeout(engine.graphFactory(tenantCredentials(engine.masterSecret, row)).testConnection(), timeoutMs);
      if (!outcome.ok) throw new Error(outcome.errorMessage);
      return outcome.organizationName;
    });
    const base = { id: row.id, name: row.name, organisationName: row.organisation_name, latencyMs: result.latencyMs, checkedAt: new Date().toISOString() };
    if (result.error !== undefined) return { ...base, graphOrganization: null, status: 'down', error: messageOf(result.error).slice(0, 500) };
    const slow = result.latencyMs > GRAPH_SLOW_MS;
    return { ...base, graphOrganization: result.value ?? null, status: slow ? 'degraded' : 'ok', error: slow ? `Slow answer (${Math.round(result.latencyMs)} ms)` : null };
  }

  function cached(row: Row): Promise<TenantGraphHealth> {
    const fingerprint = `${row.client_id}|${row.secret_sealed}|${row.graph_base_url}|${row.authority_url ?? ''}`;
    const hit = cache.get(row.id);
    // Names can change without a new probe; the connectivity itself is reused.
    if (hit && hit.fingerprint === fingerprint && Date.now() - hit.at < cacheMs) return Promise.resolve({ ...hit.result, name: row.name, organisationName: row.organisation_name });
    const running = inFlight.get(row.id);
    if (running) return running;
    const work = probe(row)
      .then((result) => {
        cache.set(row.id, { fingerprint, at: Date.now(), result });
        return result;
      })
      .finally(() => inFlight.delete(row.id));
    inFlight.set(row.id, work);
    return work;
  }

  return {
    async check(db, scopePath) {
      const { rows } = await db.query<Row>(
        `select t.*, o.name as organisation_name from backup_tenants t join organisations o on o.id = t.organisation_id
          where starts_with(o.path, $1) order by o.name, t.name, t.id limit 500`,
        [scopePath],
      );
      const results = new Map<string, TenantGraphHealth>();
      await runPool(rows, GRAPH_PROBE_CONCURRENCY, async (row) => {
        results.set(row.id, await cached(row));
      });
      // Expired entries go, so deleted tenants do not pile up in memory.
      for (const [id, entry] of cache) if (Date.now() - entry.at >= cacheMs) cache.delete(id);
      return rows.map((row) => results.get(row.id)!);
    },
  };
}
