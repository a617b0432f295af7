// One jest run covers the workspace: browser code in jsdom, server code in node.
// End-to-end tests have their own config (infra/e2e) because they need the built portal.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
// ky and cookie (via light-my-request) ship ES modules only; jest runs CommonJS, so it has to be transformed too.
const esmOnly = ['ky', 'cookie'];
const transformIgnorePatterns = [`/node_modules/(?!(\\.pnpm/(${esmOnly.join('|')})@|(${esmOnly.join('|')})/))`];
// A timeout catches a hung test, it does not measure speed (benchmarks do): on a shared 2-core
// machine an embedded database's first queries can take longer than jest's 5 s default.
const testTimeout = 30_000;

module.exports = {
  // Every core: jest's default leaves one idle, which on a 2-core CI machine means one worker. The
  // API tests spend most of their time in PGlite, so two workers finish in well under the time.
  maxWorkers: '100%',
  testTimeout,
  globalSetup: '<rootDir>/jest.global-setup.cjs',
  globalTeardown: '<rootDir>/jest.global-teardown.cjs',
  projects: [
    {
      displayName: 'web',
      testTimeout,
      testEnvironment: '<rootDir>/jest.env.web.cjs',
      roots: ['<rootDir>/host', '<rootDir>/remotes', '<rootDir>/shared'],
      transform: { '^.+\\.[cm]?[jt]sx?$': swc },
      transformIgnorePatterns,
      setupFilesAfterEnv: ['<rootDir>/jest.setup.web.ts'],
      // calls.ts re-exports every first-page call (the same functions), and tests mock the API through
      // '@portal/contracts/calls' alone: the sign-in page's zod-free entry resolves to it here.
      moduleNameMapper: { '^@portal/contracts/first-page-calls$': '<rootDir>/shared/contracts/src/calls.ts' },
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
    {
      displayName: 'node',
      testTimeout,
      testEnvironment: 'node',
      // Every infra package's own tests; the e2e suite has its own config.
      roots: ['<rootDir>/infra'],
      transform: { '^.+\\.[cm]?[jt]sx?$': swc },
      transformIgnorePatterns,
      testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/infra/e2e/'],
      setupFiles: [require('node:path').join(__dirname, 'jest.setup.node.cjs')],
    },
  ],
};
