// The preset's global setup probes the shared services; ours also migrates the PGlite template
// that test/helpers/test-context.ts clones for each test file.
const createJestConfig = require('../../tooling/jest/preset.cjs');

module.exports = createJestConfig(__dirname, {
  globalSetup: '<rootDir>/test/global-setup.ts',
  // Each file opens its own PGlite (WASM PostgreSQL) or PostgreSQL database; on a 2-core CI machine
  // running two packages' suites at once, a CLI test that opens several can pass 30 s.
  testTimeout: 120_000,
  // openid-client and its dependencies ship ESM only: let swc turn them into CommonJS for jest.
  // (Node itself loads them with require(); the pnpm path is node_modules/.pnpm/<name>@<v>/node_modules/<name>.)
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(openid-client|oauth4webapi|jose)/)'],
});
