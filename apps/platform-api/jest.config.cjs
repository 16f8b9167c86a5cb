// The preset's global setup probes the shared services; ours also migrates the PGlite template
// that test/helpers/test-context.ts clones for each test file.
const createJestConfig = require('../../tooling/jest/preset.cjs');

module.exports = createJestConfig(__dirname, { globalSetup: '<rootDir>/test/global-setup.cjs' });
