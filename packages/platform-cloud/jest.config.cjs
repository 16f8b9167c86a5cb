// The end-to-end tests start a real platform-api (its source, on PGlite) in-process: its global
// setup migrates the PGlite template they copy, and its ESM-only OAuth libraries (openid-client,
// which this CLI uses too) go through swc like our own code.
const createJestConfig = require('../../tooling/jest/preset.cjs');

module.exports = createJestConfig(__dirname, {
  globalSetup: '<rootDir>/test/global-setup.ts',
  testTimeout: 120_000,
  // Each e2e file starts a platform, a browser or child processes: two at a time on a small machine.
  maxWorkers: 2,
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(openid-client|oauth4webapi|jose)/)'],
});
