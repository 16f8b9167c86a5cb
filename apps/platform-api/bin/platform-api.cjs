#!/usr/bin/env node
// The `platform-api` command: runs the bundled CLI built by `pnpm build` (tsup → dist/cli.cjs).
const path = require('node:path');
const { existsSync } = require('node:fs');

const cli = path.join(__dirname, '..', 'dist', 'cli.cjs');
if (!existsSync(cli)) {
  process.stderr.write(
    'platform-api is not built: run `npm start` or `pnpm --filter @platform/platform-api build` from the repository root first.\n',
  );
  process.exit(1);
}
require(cli);
