import crypto from 'node:crypto';
import { createGraphClient, GraphError, quickXorHash } from '@portal/graph-connector';
import { batchInTransaction, type Db } from '@portal/db';
import { startEmulator, type Emulator } from '@portal/m365-emulator';
import type { JobContext } from '../jobs/job-context';
import type { BlobStore, EngineDb } from '../ports';
import { backupObject, type ObjectBackupEnv, type ObjectRef } from './backup-object';

// Drive backups check each downloaded file against Graph's quickXorHash: wrong bytes are fetched again
// for that file; when they keep differing the object fails (nothing of the bad download is stored)
// and the next run fetches the file again.
// The catalog is a recording stand-in: this is about which file records would be written.

interface Statement {
  sql: string;
  params: unknown[];
}

function recordingDb(statements: Statement[]): EngineDb {
  const db = {
    query: async (sql: string, params: unknown[] = []) => {
      statements.push({ sql, params });
      // Whether the catalog holds the object: never, as nothing is kept.
      if (sql.includes('select exists')) return { rows: [{ holds: false }], rowCount: 1 };
      return { rows: [], rowCount: 0 };
    },
    transaction: async <T>(work: (tx: unknown) => Promise<T>) => work(db),
    batch: (batch: Array<{ sql: string; params?: unknown[] }>) => batchInTransaction(db as unknown as Db, batch),
  };
  return db as unknown as EngineDb;
}

/** Ids of the file records the run inserted into the catalog. */
function insertedFiles(statements: Statement[]): string[] {
  return statements
    .filter((s) => s.sql.includes('insert into backup_item_versions'))
    .flatMap((s) => JSON.parse(String(s.params[3])) as { kind: string; externalId: string }[])
    .filter((record) => record.kind === 'file')
    .map((record) => record.externalId);
}

describe('drive backup verifies downloads against quickXorHash', () => {
  let emulator: Emulator;
  let object: ObjectRef;
  const stored: Buffer[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ seed: 'engine-hash', size: 300 });
    const user = emulator.tenant.users[0];
    object = { id: 'object-1', kind: 'user', externalId: user.id, displayName: user.displayName };
  });
  afterAll(() => emulator.stop());
  afterEach(() => emulator.setCorruption(null));

  function env(statements: Statement[], logs: string[] = []): ObjectBackupEnv {
    const put = (content: Buffer) => {
      stored.push(content);
      return { hash: crypto.createHash('sha256').update(content).digest('hex'), stored: true };
    };
    const blobs = {
      put: async (_tenant: string, content: Buffer) => put(content),
      putMany: async (_tenant: string, contents: Buffer[]) => contents.map(put),
    } as unknown as BlobStore;
    const job = { progress: { itemsDone: 0, bytesDone: 0 }, checkpoint: async () => undefined, log: async (_level: string, line: string) => void logs.push(line) } as unknown as JobContext;
    return {
      db: recordingDb(statements),
      blobs,
      graph: createGraphClient({ ...emulator.credentials, pageSize: 50 }),
      job,
      setId: 'set-1',
      tenantRowId: 'tenant-1',
      runSeq: 1,
      services: ['onedrive'],
      fetchConcurrency: 2,
    };
  }

  it('stores the files when the bytes match', async () => {
    const statements: Statement[] = [];
    await backupObject(env(statements), object);
    expect(insertedFiles(statements).length).toBeGreaterThan(0);
  });

  it('fetches a file again when its bytes do not match, and stores only verified bytes', async () => {
    const reported = await reportedHashes();
    stored.length = 0;
    emulator.setCorruption({ count: 1 });
    const statements: Statement[] = [];
    const logs: string[] = [];
    await backupObject(env(statements, logs), object);
    expect(insertedFiles(statements).length).toBeGreaterThan(0);
    expect(logs.filter((line) => /did not match Graph's hash; fetching again/.test(line))).toHaveLength(1);
    expect(stored.every((blob) => reported.has(quickXorHash(blob)))).toBe(true);
  });

  it('fails the object when the bytes keep differing, stores none of them, and the next run stores the file', async () => {
    const reported = await reportedHashes();
    stored.length = 0;
    emulator.setCorruption({});
    const statements: Statement[] = [];
    const failure = await backupObject(env(statements), object).catch((error: unknown) => error);
    emulator.setCorruption(null);
    expect(failure).toBeInstanceOf(GraphError);
    expect(failure).toMatchObject({ code: 'ContentHashMismatch' });
    expect(insertedFiles(statements)).toEqual([]);
    // Files fetched alongside may have been stored (content-addressed; unreferenced blobs are collected), the bad bytes never.
    expect(stored.every((blob) => reported.has(quickXorHash(blob)))).toBe(true);

    const retry: Statement[] = [];
    await backupObject(env(retry), object);
    expect(insertedFiles(retry).length).toBeGreaterThan(0);
  });

  async function reportedHashes(): Promise<Set<string>> {
    const graph = createGraphClient(emulator.credentials);
    const reported = new Set<string>();
    for await (const page of graph.driveItemsDelta(emulator.tenant.drives[emulator.tenant.users[0].driveNo].id)) {
      for (const item of page.items) if (item.file?.hashes?.quickXorHash) reported.add(item.file.hashes.quickXorHash);
    }
    return reported;
  }
});
