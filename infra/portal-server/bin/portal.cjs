'use strict';
// `pnpm portal`: runs the CLI from its bundle (dist/cli.cjs), made again first when any file it was
// made from changed or is gone. Checking is a stat per input; bundling takes about a second and
// happens once per change.
const fs = require('node:fs');
const path = require('node:path');
const { bundleCli, upToDate } = require('./cli-bundle.cjs');

const BUNDLE = path.join(__dirname, '..', 'dist', 'cli.cjs');

async function run() {
  if (!upToDate(BUNDLE)) {
    fs.mkdirSync(path.dirname(BUNDLE), { recursive: true });
    await bundleCli(BUNDLE);
  }
  require(BUNDLE);
}

run().catch((error) => {
  console.error(error);
  process.exit(1);
});
