import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium';
import { startPortal, TEMPLATE_ENV } from './portal';

/**
 * Checks the build and Chromium, then starts the portal once on a fresh data folder (migrations,
 * demo seed, remotes published and precompressed) and stops it cleanly. Each suite's portal starts
 * from a copy of that folder: its own database, without paying the first start again.
 */
export default async function globalSetup(): Promise<void> {
  ensureChromium();
  const root = path.resolve(__dirname, '../../..');
  for (const dist of ['host/dist/index.html', 'remotes/support/dist/remoteEntry.js']) {
    if (!fs.existsSync(path.join(root, dist))) throw new Error(`${dist} missing: run "pnpm build" before the e2e tests`);
  }
  // The demo tenant's first backup is left to the suites that ask for it (PORTAL_DEMO_BACKUPS=1).
  const portal = await startPortal({ PORTAL_DEMO_BACKUPS: '0' }, { fresh: true });
  const code = await portal.stop({ keepData: true });
  if (code !== 0) throw new Error(`the template portal did not stop cleanly (exit ${code}):\n${portal.logs()}`);
  process.env[TEMPLATE_ENV] = portal.dataDir;
}
