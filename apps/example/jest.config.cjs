// jose (JWT signing, used through @platform/agent) ships ESM only: let swc transform it.
module.exports = require('../../tooling/jest/preset.cjs')(__dirname, {
  transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/|jose/)'],
});
