import crypto from 'node:crypto';
import type { BlobStoreHealth } from '@portal/contracts';
import type { ObjectStore } from '@portal/engine';
import { messageOf, timed, withTimeout } from './probe';

export const BLOB_PROBE_TIMEOUT_MS = 5000;

/**
 * A real round trip through the engine's object store: put a small random object under a health
 * key, read it back, compare, delete. Any step failing (or answering other bytes) is degraded:
 * backups stop, the rest of the portal works.
 */
export async function checkBlobStore(objects: ObjectStore | null, timeoutMs = BLOB_PROBE_TIMEOUT_MS): Promise<BlobStoreHealth> {
  if (!objects) return { status: 'down', latencyMs: null, detail: 'The backup engine is not running in this process', kind: 'none' };
  // Unique per probe so concurrent checks (several API processes) never read each other's object.
  const key = `health/probe-${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
  const body = crypto.randomBytes(64);
  const result = await timed(() =>
    withTimeout(
      (async () => {
        await objects.put(key, body);
        try {
          const back = await objects.get(key);
          if (!back) throw new Error('the object just written could not be read back');
          if (!back.equals(body)) throw new Error('the object read back differs from the one written');
        } finally {
          await objects.delete(key).catch(() => undefined);
        }
      })(),
      timeoutMs,
    ),
  );
  if (result.error !== undefined) return { status: 'degraded', latencyMs: result.latencyMs, detail: `Probe failed: ${messageOf(result.error)}`, kind: objects.kind };
  return { status: 'ok', latencyMs: result.latencyMs, detail: `Wrote, read back and deleted a ${body.length}-byte object`, kind: objects.kind };
}
