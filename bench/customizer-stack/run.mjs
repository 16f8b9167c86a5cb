#!/usr/bin/env node
// One command from the repository root: `pnpm bench customizer-stack` (or `node bench/customizer-stack/run.mjs`).
// Runs bench.cjs with the workspace sources compiled on the fly by swc (see ../sql-list/register-ts.cjs).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const result = spawnSync(
  process.execPath,
  [
    '--conditions=@platform/source',
    '--require',
    join(here, '..', 'sql-list', 'register-ts.cjs'),
    join(here, 'bench.cjs'),
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
