// End-to-end tests drive the built portal in Debian's Chromium; they run after `pnpm build`.
const root = require('../../jest.config.cjs');
const node = root.projects.find((p) => p.displayName === 'node');

module.exports = {
  ...node,
  rootDir: __dirname,
  displayName: 'e2e',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.e2e.ts'],
  globalSetup: '<rootDir>/src/global-setup.ts',
  globalTeardown: '<rootDir>/src/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/src/retry-once.ts'],
  testTimeout: 180000,
  // Two suites at a time: each has its own portal (and data folder) and its own Chromium.
  maxWorkers: 2,
  // Node's fetch keeps idle keep-alive sockets to the stopped portal open for a while.
  forceExit: true,
};
