// The preset's global setup probes the shared services; ours also migrates the PGlite and
// PostgreSQL templates that test/helpers/test-context.ts copies for each test file.
const createJestConfig = require('../../tooling/jest/preset.cjs');

module.exports = createJestConfig(__dirname, {
  globalSetup: '<rootDir>/test/global-setup.ts',
  // Each file opens its own PGlite (WASM PostgreSQL) or PostgreSQL database, and a few migrate one
  // from scratch: on a small CI machine running several packages' suites at once, such a test can
  // outlast the preset's timeout.
  testTimeout: 120_000,
  // Most of a file's time is spent waiting on a database, a server or a child process, not on the
  // CPU: two workers keep both cores busy even while turbo runs another package's suite beside it.
  maxWorkers: 2,
  // openid-client and its dependencies ship ESM only: let swc turn them into CommonJS for jest.
  // (Node itself loads them with require(); the pnpm path is node_modules/.pnpm/<name>@<v>/node_modules/<name>.)
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(openid-client|oauth4webapi|jose)/)'],
});
