import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStore } from '../ports';

/**
 * Sealed blobs as files under a root folder, fanned out by the first characters of the key so no
 * folder grows huge. Writes go to a temporary file renamed into place, so a crash never leaves a
 * half-written blob under its final name.
 */
export function createLocalObjectStore(root: string): ObjectStore {
  const fileOf = (key: string) => {
    if (!/^[\w./-]+$/.test(key) || key.split('/').some((part) => part === '..' || part === '')) throw new Error(`Unsafe object key: ${key}`);
    const base = path.basename(key);
    return path.join(root, path.dirname(key), base.slice(0, 2), base);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(temp, body);
      await fs.rename(temp, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async has(key) {
      try {
        await fs.access(fileOf(key));
        return true;
      } catch {
        return false;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
