import { REMOTE_INTEGRITY_GLOBAL, REMOTE_INTEGRITY_PATH } from '@portal/config';

// The hashes a remote version's chunks must match, recorded by the server when the version was
// published. The chunk loader that shared/mf-build adds to every webpack runtime
// (chunk-integrity-plugin.cjs) reads them from window[REMOTE_INTEGRITY_GLOBAL], keyed by the version
// folder's URL, and fails closed for a file it does not find there.
type FileIntegrity = Record<string, string>;
/** window, as far as the hashes go: window[REMOTE_INTEGRITY_GLOBAL] maps a version folder URL to its files. */
type IntegrityMaps = Partial<Record<string, Record<string, FileIntegrity>>>;
const maps = (): IntegrityMaps => window as unknown as IntegrityMaps;

const loads = new Map<string, Promise<void>>();

function parseFiles(body: unknown): FileIntegrity | null {
  const files = (body as { files?: unknown } | null)?.files;
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return null;
  const entries = Object.entries(files);
  return entries.every(([, hash]) => typeof hash === 'string' && /^sha(256|384|512)-/.test(hash)) ? Object.fromEntries(entries) : null;
}

async function fetchFileIntegrity(name: string, version: string, entry: string): Promise<void> {
  const response = await fetch(`${REMOTE_INTEGRITY_PATH}/${encodeURIComponent(name)}/${encodeURIComponent(version)}`, {
    headers: { accept: 'application/json' },
  });
  const files = response.ok ? parseFiles(await response.json().catch(() => null)) : null;
  if (!files) throw new Error(`The file hashes of ${name} ${version} could not be read (HTTP ${response.status}), so its scripts cannot be checked.`);
  const folder = new URL('.', new URL(entry, window.location.href)).href;
  maps()[REMOTE_INTEGRITY_GLOBAL] = { ...maps()[REMOTE_INTEGRITY_GLOBAL], [folder]: files };
}

/** Makes the recorded hashes of one remote version known to the chunk loaders, once per page; a failure may be retried. */
export function loadFileIntegrity(name: string, version: string, entry: string): Promise<void> {
  const key = `${name}@${version}`;
  let load = loads.get(key);
  if (!load) {
    load = fetchFileIntegrity(name, version, entry).catch((error: unknown) => {
      loads.delete(key);
      throw error;
    });
    loads.set(key, load);
  }
  return load;
}

/** Test hook. */
export function resetFileIntegrity(): void {
  loads.clear();
  delete maps()[REMOTE_INTEGRITY_GLOBAL];
}
