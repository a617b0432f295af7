import type { RemoteHealth } from '@portal/contracts';
import type { Queryable } from '@portal/db';
import { listCurrentRemotes } from '../../repositories/registry-repository';
import { remoteLoadStats } from '../../repositories/remote-loads-repository';

/** Failures alongside loads: some browsers cannot run it (degraded); failures only: down. */
export function remoteStatus(loads: number, failures: number): RemoteHealth['status'] {
  if (failures === 0) return 'ok';
  return loads > 0 ? 'degraded' : 'down';
}

/** Each remote's current version and how browsers fared with it over the last 24 hours. */
export async function checkRemotes(db: Queryable): Promise<RemoteHealth[]> {
  const remotes = await listCurrentRemotes(db);
  return Promise.all(
    remotes.map(async ({ name, version, publishedAt }) => {
      const stats = await remoteLoadStats(db, name, version);
      return {
        name,
        version,
        publishedAt,
        status: remoteStatus(stats.loads, stats.failures),
        loads24h: stats.loads,
        failures24h: stats.failures,
        lastFailure: stats.lastFailure,
      };
    }),
  );
}
