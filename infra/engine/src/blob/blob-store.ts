import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { blobObjectName, decryptBlob, encryptBlob, unwrapDataKey } from '../crypto/keys';
import type { BlobStore, EngineDb, ObjectStore, PutResult } from '../ports';
import { collectUnreferenced, DEFAULT_BLOB_GRACE_SECONDS, touchBlob } from './blob-leases';

const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);

// Text-heavy mail compresses well with a low brotli level; higher levels cost CPU for little gain.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

export interface BlobStoreOptions {
  db: EngineDb;
  objects: ObjectStore;
  masterSecret: string;
  /**
   * How long a blob stays safe from garbage collection after a put stored or found it, even while no
   * item version references it yet (blob-leases.ts). Default 24 hours.
   */
  graceSeconds?: number;
}

/** Attempts of put's store path when a collector removes the index row it just met (blob-leases.ts). */
const PUT_ATTEMPTS = 3;

/**
 * The content-addressed store: SHA-256 of the plaintext is the address, the backup_blobs table is
 * the index (one row per tenant and hash, so the same attachment in a hundred mailboxes or snapshots
 * is stored once), and the object store holds brotli-compressed, AES-256-GCM sealed bytes.
 */
export function createBlobStore({ db, objects, masterSecret, graceSeconds = DEFAULT_BLOB_GRACE_SECONDS }: BlobStoreOptions): BlobStore {
  const keys = new Map<string, Buffer>();
  async function dataKey(tenantId: string): Promise<Buffer> {
    const cached = keys.get(tenantId);
    if (cached) return cached;
    const { rows } = await db.query<{ data_key_wrapped: string }>('select data_key_wrapped from backup_tenants where id = $1', [tenantId]);
    if (!rows[0]) throw new Error(`Unknown backup tenant ${tenantId}`);
    const key = unwrapDataKey(masterSecret, tenantId, rows[0].data_key_wrapped);
    keys.set(tenantId, key);
    return key;
  }
  const objectKey = (tenantId: string, key: Buffer, hash: string) => `blobs/${tenantId}/${blobObjectName(key, hash)}`;

  return {
    async put(tenantId, content): Promise<PutResult> {
      const hash = crypto.createHash('sha256').update(content).digest('hex');
      const deduplicated: PutResult = { hash, size: content.length, storedSize: 0, deduplicated: true };
      // A hit renews the blob's lease, so a collector cannot delete it before the caller's item version references it.
      if (await touchBlob(db, tenantId, hash, graceSeconds)) return deduplicated;
      const key = await dataKey(tenantId);
      const sealed = encryptBlob(key, hash, await brotli(content, BROTLI_OPTIONS));
      for (let attempt = 1; ; attempt += 1) {
        // Object first, index row second: an index row always points at a complete object.
        await objects.put(objectKey(tenantId, key, hash), sealed);
        // Never "do update": the row of a concurrent writer (same content, same object) stays as it is.
        const inserted = await db.query(
          'insert into backup_blobs (tenant_id, hash, size, stored_size) values ($1, $2, $3, $4) on conflict do nothing returning hash',
          [tenantId, hash, content.length, sealed.length],
        );
        if (inserted.rows.length) return { hash, size: content.length, storedSize: sealed.length, deduplicated: false };
        // Another writer stored the same content a moment earlier: same bytes, same name. Its row may be
        // an old one a collector is deleting with its object right now; if so, store again.
        if (await touchBlob(db, tenantId, hash, graceSeconds)) return deduplicated;
        if (attempt >= PUT_ATTEMPTS) throw new Error(`Blob ${hash} could not be stored: its index row kept disappearing`);
      }
    },
    async get(tenantId, hash) {
      const key = await dataKey(tenantId);
      const sealed = await objects.get(objectKey(tenantId, key, hash));
      if (!sealed) throw new Error(`Blob ${hash} is missing from the store`);
      const plain = await unbrotli(decryptBlob(key, hash, sealed));
      // The address is the checksum: a damaged or substituted object is detected here.
      const actual = crypto.createHash('sha256').update(plain).digest('hex');
      if (actual !== hash) throw new Error(`Blob ${hash} failed its checksum`);
      return plain;
    },
    async has(tenantId, hash) {
      const { rows } = await db.query('select 1 from backup_blobs where tenant_id = $1 and hash = $2', [tenantId, hash]);
      return rows.length > 0;
    },
    async collectGarbage(tenantId) {
      const key = await dataKey(tenantId);
      return collectUnreferenced(db, tenantId, graceSeconds, (hash) => objects.delete(objectKey(tenantId, key, hash)));
    },
  };
}
