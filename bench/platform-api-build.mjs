// Shared by the benchmarks that start the built platform-api (public-api-notes, workflows).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const appDir = path.join(root, 'apps', 'platform-api');

/** Builds platform-api's dist/ when it is missing or older than any of its source files. */
export function ensurePlatformApiBuilt(log) {
  const bundle = path.join(appDir, 'dist', 'cli.cjs');
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= newestMtime(path.join(appDir, 'src'))) return;
  log('building @platform/platform-api (dist is missing or older than src)...');
  const result = spawnSync('pnpm', ['--filter', '@platform/platform-api', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('build failed');
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}
