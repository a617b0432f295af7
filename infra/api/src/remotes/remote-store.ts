import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/** What the store holds for one version folder, computed from the stored bytes. */
export interface StoredVersion {
  /** URL path the browser loads the entry from. */
  entry: string;
  /** SRI hash of the stored entry. */
  integrity: string;
  /** SRI hash of every script in the version folder (the entry and its chunks), by file name. */
  files: FileIntegrity;
  builtAt: Date;
}

/** File name -> SRI hash, for the scripts of one version folder (or of the host). */
export type FileIntegrity = Record<string, string>;

/** The files a webpack runtime loads as scripts: top-level .js files (not their .br/.gz siblings). */
export const isScriptFile = (file: string): boolean => /^[^/\\]+\.js$/.test(file);

const HASH_CONCURRENCY = 8;

/** Hashes each script of `files` read through `read` (a missing one fails: a folder changed under us). */
export async function fileIntegrity(files: string[], read: (file: string) => Promise<Buffer | null>): Promise<FileIntegrity> {
  const scripts = files.filter(isScriptFile).sort();
  const hashes: FileIntegrity = {};
  let next = 0;
  const worker = async () => {
    while (next < scripts.length) {
      const file = scripts[next++];
      const bytes = await read(file);
      if (!bytes) throw new Error(`${file} disappeared while it was being hashed`);
      hashes[file] = sriOf(bytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(HASH_CONCURRENCY, scripts.length) }, worker));
  return Object.fromEntries(scripts.map((file) => [file, hashes[file]]));
}

/**
 * Read side of the remote store, which is all the API needs: publishing records only what the
 * store really holds. The embedded default is a folder; an S3-compatible bucket would be another
 * implementation of this interface (not written yet: nothing here could test it).
 */
export interface RemoteStoreReader {
  inspect(name: string, version: string): Promise<StoredVersion | null>;
}

export function sriOf(bytes: Buffer): string {
  return `sha384-${crypto.createHash('sha384').update(bytes).digest('base64')}`;
}

const SAFE_SEGMENT = /^[a-z0-9][a-z0-9._+-]{0,127}$/i;

/** The folder store: `<dir>/<name>/<version>/remoteEntry.js`, served under /remotes/. */
export function folderStoreReader(dir: string): RemoteStoreReader {
  return {
    async inspect(name, version) {
      if (!SAFE_SEGMENT.test(name) || !SAFE_SEGMENT.test(version) || version.includes('..')) return null;
      const entryFile = path.join(dir, name, version, REMOTE_ENTRY_FILE);
      let bytes: Buffer;
      try {
        bytes = await fs.promises.readFile(entryFile);
      } catch {
        return null;
      }
      const stat = await fs.promises.stat(entryFile);
      const folder = path.join(dir, name, version);
      const files = await fileIntegrity(await fs.promises.readdir(folder), (file) => fs.promises.readFile(path.join(folder, file)).catch(() => null));
      return { entry: `/remotes/${name}/${version}/${REMOTE_ENTRY_FILE}`, integrity: sriOf(bytes), files, builtAt: stat.mtime };
    },
  };
}
