'use strict';
// `pnpm portal`: runs the CLI from its bundle (dist/cli.cjs), made again first when any file it was
// made from changed or is gone. Checking is a stat per input; bundling takes about a second and
// happens once per change.
const path = require('node:path');
const { runBundled } = require('./bundle.cjs');

runBundled(path.join(__dirname, '..', 'src', 'cli.ts'), path.join(__dirname, '..', 'dist', 'cli.cjs')).catch((error) => {
  console.error(error);
  process.exit(1);
});
