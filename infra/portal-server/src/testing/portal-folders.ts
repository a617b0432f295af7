import fs from 'node:fs';
import path from 'node:path';
import type { EnvInput } from '@portal/settings';
import { readSettings, type PortalSettings } from '../settings';

/**
 * Settings whose folders (data, host build, remotes, remote store) all live below `root`, with a
 * host build of one index.html in place. Demo mode is off unless `env` turns it on; no DATABASE_URL.
 */
export function portalSettingsIn(root: string, env: EnvInput = {}): PortalSettings {
  const settings: PortalSettings = {
    ...readSettings({ PORTAL_DEMO: '0', LOG_LEVEL: 'silent', ...env }),
    dataDir: path.join(root, 'data'),
    hostDist: path.join(root, 'host-dist'),
    remotesDir: path.join(root, 'remotes'),
    remoteStoreDir: path.join(root, 'data', 'remote-store'),
    databaseUrl: undefined,
  };
  fs.mkdirSync(settings.hostDist, { recursive: true });
  fs.writeFileSync(path.join(settings.hostDist, 'index.html'), '<!doctype html><title>portal</title>');
  return settings;
}

/** A built remote in the remotes folder: its package.json (version 1.2.3), mf-manifest.json and remoteEntry.js. */
export function writeRemote(remotesDir: string, folder: string, name: string, entrySource: string): void {
  const dir = path.join(remotesDir, folder);
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version: '1.2.3' }));
  fs.writeFileSync(path.join(dir, 'dist', 'mf-manifest.json'), JSON.stringify({ name }));
  fs.writeFileSync(path.join(dir, 'dist', 'remoteEntry.js'), entrySource);
}
