// Running the workspace packages from their sources: the `@platform/source` export condition
// points them at src/, which register-ts.cjs compiles on the fly with swc. Nothing to build first.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Node flags of a process that loads the workspace packages from their sources. */
export const FROM_SOURCES = Object.freeze([
  '--conditions=@platform/source',
  '--require',
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'register-ts.cjs'),
]);

/** Runs `script` (CommonJS) from the sources with this process's arguments; exits with its status. */
export function runFromSources(script) {
  const result = spawnSync(process.execPath, [...FROM_SOURCES, script, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}
