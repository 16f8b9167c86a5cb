// The workspace builds some benchmarks run (the bundles users run), rebuilt when older than
// their sources: platform-api's, and the agent's packages for bench/reference.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Builds platform-api's dist/ when it is missing or older than any of its source files. */
export function ensurePlatformApiBuilt(log) {
  ensureBuilt(log, ['apps/platform-api'], 'dist/cli.cjs', ['@platform/platform-api']);
}

/** Builds @platform/agent and @platform/datasource-sql, and the packages they use, when stale. */
export function ensureAgentBuilt(log) {
  const packages = ['agent', 'datasource-sql', 'datasource-toolkit', 'platform-contract', 'ai-proxy'];
  ensureBuilt(
    log,
    packages.map((name) => `packages/${name}`),
    'dist/index.cjs',
    ['@platform/agent...', '@platform/datasource-sql...'],
  );
}

function ensureBuilt(log, directories, output, filters) {
  const isStale = (directory) => {
    const bundle = path.join(root, directory, output);
    return !existsSync(bundle) || statSync(bundle).mtimeMs < newestMtime(path.join(root, directory, 'src'));
  };
  const stale = directories.filter(isStale);
  if (stale.length === 0) return;
  log(`building ${filters.join(' ')} (dist is missing or older than src in ${stale.join(', ')})...`);
  const filterArgs = filters.flatMap((filter) => ['--filter', filter]);
  const result = spawnSync('pnpm', [...filterArgs, 'build'], { cwd: root, stdio: 'inherit' });
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
