// The engine's ports: what it needs from its host (a database, an object store) and what it offers
// (a blob store, a catalog, a job queue, backup and restore runs). The API and the worker CLI both
// assemble an engine from these; tests swap the object store or the queue.
import type { Db, Queryable } from '@portal/db';

/** A database or an open transaction (`@portal/db`, whose migrations hold the engine's tables). */
export type EngineQueryable = Queryable;
/** The database the engine works in; its host opens and closes it. */
export type EngineDb = Omit<Db, 'close'>;

/**
 * Where sealed blobs end up: local disk by default, an S3-compatible bucket when configured
 * (BACKUP_BLOB_URL). Keys are opaque, slash-separated strings; values are already compressed and
 * encrypted. Every store keeps a put atomic (an object is visible whole under its key or not at all)
 * and lets two writers put the same key at once (the last one wins).
 */
export interface ObjectStore {
  readonly kind: string;
  put(key: string, body: Buffer): Promise<void>;
  /** Null when the key does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** `length` bytes from `offset` of the object (a blob in a pack); null when the key does not exist. */
  getRange(key: string, offset: number, length: number): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  /** Deleting a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Puts the objects of these keys, written by resolved puts, on the disk before the caller records
   * them (a power cut cannot lose them afterwards). A store whose put is durable itself (S3) has none.
   */
  flush?(keys: string[]): Promise<void>;
  /** The keys under a folder (`blobs/<tenant>` lists `blobs/<tenant>/...`), never a write in progress. */
  list?(prefix: string): AsyncIterable<string>;
  /** Releases connections (the S3 client); the store is not used afterwards. */
  close?(): Promise<void>;
}

export interface PutResult {
  /** Hex SHA-256 of the plaintext: the content address. */
  hash: string;
  size: number;
  /** Bytes written to the object store (0 when the content was already stored). */
  storedSize: number;
  deduplicated: boolean;
}

/** Content-addressed, deduplicated per backup tenant, compressed and encrypted with the tenant's key. */
export interface BlobStore {
  put(tenantId: string, content: Buffer): Promise<PutResult>;
  /** put for a batch (one index read and write per round instead of per content); results in order. */
  putMany(tenantId: string, contents: Buffer[]): Promise<PutResult[]>;
  get(tenantId: string, hash: string): Promise<Buffer>;
  has(tenantId: string, hash: string): Promise<boolean>;
  /**
   * Removes blobs of a tenant that no item version references any more, and compacts the packs they
   * leave sparse; returns how many blobs. `among` limits it to those hashes: a run's end looks only at
   * what its retention freed, since looking at every blob grows with the tenant (the scheduler does).
   */
  collectGarbage(tenantId: string, among?: Iterable<string>): Promise<number>;
  /**
   * Housekeeping of a tenant's packs that the scheduler does now and then rather than every backup:
   * compacts every sparse pack (also those a collection could not), merges small packs into full ones,
   * and deletes pack objects that no index row names (left by a
   * writer that stopped between writing a pack and indexing it) once older than the grace window,
   * which lists the tenant's packs. Returns how many packs each removed.
   */
  tidyPacks(tenantId: string): Promise<{ merged: number; orphans: number }>;
  /**
   * Deletes every object the store holds for a tenant (packs, blobs stored alone) before the tenant is
   * deleted: its rows go with it (on delete cascade), and objects no row names would stay for good.
   * Returns how many were deleted.
   */
  purgeTenant(tenantId: string): Promise<number>;
}

export type JobKind = 'backup' | 'restore';

/** Delivers queued job ids to workers. The jobs table stays the record of status and progress. */
export interface JobQueue {
  readonly kind: 'embedded' | 'pg-boss';
  /** Announces a queued job (its row already exists). */
  enqueue(jobId: string): Promise<void>;
  /** Starts taking jobs; `handle` runs one job to its end. */
  start(handle: (jobId: string) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** How the engine reaches a backup tenant's Graph endpoint (credentials unsealed on demand). */
export interface TenantCredentials {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  graphBaseUrl: string;
  authorityUrl?: string;
}
