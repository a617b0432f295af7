import fs from 'node:fs';

// A blob's file must be on the disk before the catalog, which commits durably, says the blob exists:
// a blob the catalog knows is never written again (deduplication), so a file lost to a power cut after
// the commit would be a backup lost for good. The callback API, as in local-object-store.ts (about half
// the CPU of fs/promises' FileHandle for small files).

const call = <T>(fn: (done: (error: NodeJS.ErrnoException | null, value: T) => void) => void) =>
  new Promise<T>((resolve, reject) => fn((error, value) => (error ? reject(error) : resolve(value))));

/** Flushes the data of `file` (written and closed before) to the disk. */
export async function syncFile(file: string): Promise<void> {
  const fd = await call<number>((done) => fs.open(file, 'r', done));
  try {
    await call<void>((done) => fs.fdatasync(fd, (error) => done(error, undefined)));
  } finally {
    await call<void>((done) => fs.close(fd, (error) => done(error, undefined)));
  }
}

/** Flushes `dir`'s entries (a file just renamed into it) to the disk. */
export async function syncDirectory(dir: string): Promise<void> {
  const fd = await call<number>((done) => fs.open(dir, 'r', done));
  try {
    await call<void>((done) => fs.fsync(fd, (error) => done(error, undefined)));
  } finally {
    await call<void>((done) => fs.close(fd, (error) => done(error, undefined)));
  }
}
