#!/usr/bin/env node
// The README's two commands (`npm start`, `npm test`) land here. Needs only Node >= 20 and npm:
// when pnpm (the version pinned in package.json "packageManager") is missing, it is installed with
// npm into .tooling-cache/ and put first on the PATH of every child process, turbo's tasks included.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];

function pnpmVersion(env) {
  try {
    return execFileSync('pnpm', ['--version'], { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** The PATH under which `pnpm` is the pinned major version, installing it locally if needed. */
function pathWithPnpm() {
  const major = pinned.split('.')[0];
  if (pnpmVersion(process.env)?.split('.')[0] === major) return process.env.PATH;
  const prefix = join(root, '.tooling-cache', `pnpm-${pinned}`);
  const path = [join(prefix, 'node_modules', '.bin'), process.env.PATH].join(delimiter);
  if (!existsSync(join(prefix, 'node_modules', '.bin', 'pnpm'))) {
    console.log(`pnpm ${major}.x not found: installing pnpm@${pinned} into ${prefix}`);
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, `pnpm@${pinned}`], {
      stdio: 'inherit',
    });
  }
  return path;
}

const env = {
  ...process.env,
  PATH: pathWithPnpm(),
  TURBO_TELEMETRY_DISABLED: '1',
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? '/bin/true',
};
const pnpm = ['pnpm'];

function run(args, { allowFailure = false } = {}) {
  const [command, ...rest] = [...pnpm, ...args];
  console.log(`$ ${[command, ...rest].join(' ')}`);
  const result = spawnSync(command, rest, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0 && !allowFailure) process.exit(result.status ?? 1);
  return result.status ?? 1;
}

const task = process.argv[2];
run(['install', '--frozen-lockfile=false', '--config.confirmModulesPurge=false']);

if (task === 'start') {
  run(['exec', 'turbo', 'run', 'build']);
  // platform-api with the demo setup, then the example agent connected to it (tooling/scripts/quickstart.mjs).
  const quickstart = spawnSync('node', [join(root, 'tooling', 'scripts', 'quickstart.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  process.exit(quickstart.status ?? 1);
} else if (task === 'test') {
  for (const dir of ['packages', 'apps', 'tooling']) {
    spawnSync('sh', ['-c', `rm -f ${dir}/*/.jest-results.json ${dir}/.jest-results.json`], { cwd: root });
  }
  rmSync(join(root, 'tooling', '.jest-results.json'), { force: true });
  const lint = run(['exec', 'biome', 'check', '.'], { allowFailure: true });
  const changesets = run(['run', 'test:changesets'], { allowFailure: true });
  const build = run(['exec', 'turbo', 'run', 'build', 'typecheck', '--output-logs=errors-only'], {
    allowFailure: true,
  });
  const tests = run(['exec', 'turbo', 'run', 'test', '--continue', '--concurrency=2'], { allowFailure: true });
  const pack = build === 0 ? run(['run', 'test:pack'], { allowFailure: true }) : 1;
  const failed = [
    lint && 'lint',
    changesets && 'changesets',
    build && 'build/typecheck',
    tests && 'tests',
    pack && 'pack test',
  ].filter(Boolean);
  if (failed.length > 0) console.error(`FAILED: ${failed.join(', ')}`);
  // The summary line is the last thing printed, so a reader of the log sees at once what ran.
  const summary = spawnSync('node', [join(root, 'tooling', 'scripts', 'summarize-tests.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(failed.length > 0 || summary.status !== 0 ? 1 : 0);
} else {
  console.error('usage: node tooling/scripts/run.mjs start|test');
  process.exit(2);
}
