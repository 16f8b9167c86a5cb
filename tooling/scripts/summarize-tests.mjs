#!/usr/bin/env node
// Sums the jest --json results every package wrote and prints the one closing line
// `N passed, N failed[, N skipped]`. Exits non-zero when a test failed or when no test ran.
// Usage: node summarize-tests.mjs [repository root]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const files = ['packages', 'apps']
  .flatMap((dir) =>
    existsSync(join(root, dir)) ? readdirSync(join(root, dir)).map((name) => join(root, dir, name)) : [],
  )
  .concat([join(root, 'tooling')])
  .map((dir) => join(dir, '.jest-results.json'))
  .filter((file) => existsSync(file));

let passed = 0;
let failed = 0;
let skipped = 0;
let suiteFailures = 0;
for (const file of files) {
  const result = JSON.parse(readFileSync(file, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  skipped += result.numPendingTests + result.numTodoTests;
  // A suite that failed to load (syntax error, throwing import) reports no test at all.
  suiteFailures += result.numRuntimeErrorTestSuites;
  if (result.numRuntimeErrorTestSuites > 0)
    console.error(`${file}: ${result.numRuntimeErrorTestSuites} suite(s) failed to run`);
}
failed += suiteFailures;
if (files.length === 0) console.error('no jest results found: did the tests run?');
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
