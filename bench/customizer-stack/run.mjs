#!/usr/bin/env node
// One command from the repository root: `pnpm bench customizer-stack` (or `node bench/customizer-stack/run.mjs`).
// Runs bench.cjs with the workspace sources compiled on the fly (bench/lib/sources.mjs).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFromSources } from '../lib/sources.mjs';

runFromSources(join(dirname(fileURLToPath(import.meta.url)), 'bench.cjs'));
