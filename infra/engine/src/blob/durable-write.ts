import fs from 'node:fs';

// A blob's file must be on the disk before the catalog, which commits durably, says the blob exists:
// a blob the catalog knows is never written again (deduplication), so a file lost to a power cut after
// the commit would be a backup lost for good. The callback API, as in local-object-store.ts (about half
// the CPU of fs/promises' FileHandle for small files).

const call = (fn: (done: (error: NodeJS.ErrnoException | null, fd?: number) => void) => void) =>
  new Promise<number | undefined>((resolve, reject) => fn((error, fd) => (error ? reject(error) : resolve(fd))));

/** Opens `target` read-only and flushes it with `how` (looked up at call time). */
async function flushPath(target: string, how: 'fdatasync' | 'fsync'): Promise<void> {
  const fd = (await call((done) => fs.open(target, 'r', done)))!;
  try {
    await call((done) => fs[how](fd, done));
  } finally {
    await call((done) => fs.close(fd, done));
  }
}

/** Flushes the data of `file` (written and closed before) to the disk. */
export const syncFile = (file: string): Promise<void> => flushPath(file, 'fdatasync');

/** Flushes `dir`'s entries (a file just renamed into it) to the disk. */
export const syncDirectory = (dir: string): Promise<void> => flushPath(dir, 'fsync');
