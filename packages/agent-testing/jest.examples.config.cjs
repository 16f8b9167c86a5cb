// The README's example (examples/readme-example.test.ts), run as a user runs it: it imports the
// package by its name, which maps to src/ here.
const base = require('./jest.config.cjs');

module.exports = {
  ...base,
  displayName: '@platform/agent-testing (README example)',
  testMatch: ['<rootDir>/examples/**/*.test.ts'],
  moduleNameMapper: { '^@platform/agent-testing$': '<rootDir>/src/index.ts' },
};
