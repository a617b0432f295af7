import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium';

export default async function globalSetup(): Promise<void> {
  ensureChromium();
  const root = path.resolve(__dirname, '../../..');
  for (const dist of ['host/dist/index.html', 'remotes/support/dist/remoteEntry.js']) {
    if (!fs.existsSync(path.join(root, dist))) throw new Error(`${dist} missing: run "pnpm build" before the e2e tests`);
  }
}
