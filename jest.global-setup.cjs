// Once per jest run, before any worker starts: a folder for the run's PGlite database images
// (infra/api/src/test/pglite-pool.ts). Workers inherit the environment variable.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

module.exports = async function globalSetup() {
  process.env.PORTAL_TEST_PGLITE_IMAGES = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-pglite-'));
};
