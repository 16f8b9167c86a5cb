#!/usr/bin/env node
// `pnpm bench [name...]`: runs bench/<name>/run.mjs for each name given, or every benchmark.
// Benchmarks are not tests: they print figures (each against a baseline measured in the same run).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const benchDir = join(root, 'bench');
const all = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(benchDir, entry.name, 'run.mjs')))
  .map((entry) => entry.name);
const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : all;

let failed = false;
for (const name of names) {
  if (!all.includes(name)) {
    console.error(`unknown benchmark "${name}"; available: ${all.join(', ') || 'none'}`);
    process.exit(2);
  }
  console.log(`\n=== bench/${name} ===`);
  const result = spawnSync(process.execPath, [join(benchDir, name, 'run.mjs')], { cwd: root, stdio: 'inherit' });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
