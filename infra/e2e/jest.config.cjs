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
  // Each suite has its own portal (and data folder) and its own Chromium. Four at a time on two
  // cores: a suite spends most of its time waiting (on its browser, its portal, polling), and four
  // finished the suite about a quarter sooner than two did (issue 17).
  maxWorkers: 4,
  // Node's fetch keeps idle keep-alive sockets to the stopped portal open for a while.
  forceExit: true,
};
