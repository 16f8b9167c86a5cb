// jose (JWT verification) ships ESM only: let swc transform it instead of leaving node_modules
// untouched. The pattern skips pnpm's `.pnpm/` store segment and then `jose/` itself.
module.exports = require('../../tooling/jest/preset.cjs')(__dirname, {
  transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/|jose/)'],
});
