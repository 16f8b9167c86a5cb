// Shared jest configuration. Each package's jest.config.cjs calls it with its own directory.
// Workspace packages resolve through the "@platform/source" export condition to their src/,
// so tests never depend on another package's build output.
const path = require('node:path');

/** @param {string} packageDir @param {import('jest').Config} [overrides] */
module.exports = function createJestConfig(packageDir, overrides = {}) {
  return {
    rootDir: packageDir,
    displayName: require(path.join(packageDir, 'package.json')).name,
    testEnvironment: 'node',
    testEnvironmentOptions: { customExportConditions: ['@platform/source', 'node', 'require', 'default'] },
    testMatch: ['<rootDir>/test/**/*.test.ts'],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: { parser: { syntax: 'typescript', decorators: false }, target: 'es2022' },
          module: { type: 'commonjs' },
          sourceMaps: 'inline',
        },
      ],
    },
    globalSetup: require.resolve('./global-setup.cjs'),
    testTimeout: 30_000,
    ...overrides,
  };
};
