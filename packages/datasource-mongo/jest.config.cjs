// jose (imported by @platform/agent, whose customization engine one test runs) ships ESM only: let
// swc transform it. The pattern skips pnpm's `.pnpm/` store segment and then `jose/` itself.
module.exports = require('../../tooling/jest/preset.cjs')(__dirname, {
  transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/|jose/)'],
});
