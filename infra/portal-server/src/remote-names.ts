import fs from 'node:fs';
import path from 'node:path';

export interface RemoteFolder {
  /** Folder under remotes/ (account-settings). */
  folder: string;
  /** Module Federation name (account_settings). */
  name: string;
  dir: string;
}

const federationNameOf = (folder: string) => folder.replace(/-/g, '_');

/** Every remote folder (one with a webpack config), with its federation name. */
export function listRemoteFolders(remotesDir: string): RemoteFolder[] {
  if (!fs.existsSync(remotesDir)) return [];
  return fs
    .readdirSync(remotesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(remotesDir, e.name, 'webpack.config.cjs')))
    .map((e) => ({ folder: e.name, name: federationNameOf(e.name), dir: path.join(remotesDir, e.name) }))
    .sort((a, b) => a.folder.localeCompare(b.folder));
}

/** Accepts the folder name or the federation name; unknown names list the known ones. */
export function resolveRemote(remotesDir: string, input: string): RemoteFolder {
  const remotes = listRemoteFolders(remotesDir);
  const found = remotes.find((r) => r.folder === input || r.name === input);
  if (!found) {
    throw new Error(`Unknown remote "${input}". Known remotes: ${remotes.map((r) => `${r.folder} (${r.name})`).join(', ') || 'none'}`);
  }
  return found;
}

/** Federation name for rollback/list, which need no source folder: a folder name maps to it. */
export function federationName(remotesDir: string, input: string): string {
  const found = listRemoteFolders(remotesDir).find((r) => r.folder === input || r.name === input);
  return found ? found.name : federationNameOf(input);
}
