// Removes what jest.global-setup.cjs made.
const fs = require('node:fs');

module.exports = async function globalTeardown() {
  const dir = process.env.PORTAL_TEST_PGLITE_IMAGES;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
};
