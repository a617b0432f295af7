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
  builtAt: Date;
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
      return { entry: `/remotes/${name}/${version}/${REMOTE_ENTRY_FILE}`, integrity: sriOf(bytes), builtAt: stat.mtime };
    },
  };
}
