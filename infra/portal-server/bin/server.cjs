'use strict';
// `pnpm start` (after its build step): runs the server from its bundle (dist/server.cjs), made again
// first when any file it was made from changed or is gone, as bin/portal.cjs does for the CLI.
const path = require('node:path');
const { runBundled } = require('./bundle.cjs');

runBundled(path.join(__dirname, '..', 'src', 'main.ts'), path.join(__dirname, '..', 'dist', 'server.cjs')).catch((error) => {
  console.error(error);
  process.exit(1);
});
