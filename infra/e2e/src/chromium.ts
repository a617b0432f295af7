import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const INSTALL = 'apt-get update && apt-get install -y chromium';

/** The tests use Debian's Chromium (a test tool's own browser download does not work here).
 * As root we install it; otherwise we stop and say exactly what to run. */
export function ensureChromium(): string {
  if (fs.existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() === 0) {
    console.log(`Chromium missing: running "${INSTALL}"`);
    execSync(INSTALL, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (fs.existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  }
  throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it with: sudo sh -c '${INSTALL}'`);
}

/** Flags for a headless Chromium on a machine with a closed network and no sandbox support. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
