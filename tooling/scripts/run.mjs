#!/usr/bin/env node
// The README's two commands (`npm start`, `npm test`) land here. Needs only Node >= 20 and npm:
// when pnpm (the version pinned in package.json "packageManager") is missing, it runs through npx.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];

function pnpmCommand() {
  try {
    const version = execFileSync('pnpm', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (version.split('.')[0] === pinned.split('.')[0]) return ['pnpm'];
  } catch {
    // not installed: fall through to npx
  }
  return ['npx', '--yes', `pnpm@${pinned}`];
}

const pnpm = pnpmCommand();
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? '/bin/true',
};

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
  run(['exec', 'turbo', 'run', 'start', '--filter=./apps/*', '--ui=stream']);
} else if (task === 'test') {
  for (const dir of ['packages', 'apps', 'tooling']) {
    spawnSync('sh', ['-c', `rm -f ${dir}/*/.jest-results.json ${dir}/.jest-results.json`], { cwd: root });
  }
  rmSync(join(root, 'tooling', '.jest-results.json'), { force: true });
  const lint = run(['exec', 'biome', 'check', '.'], { allowFailure: true });
  const build = run(['exec', 'turbo', 'run', 'build', 'typecheck', '--output-logs=errors-only'], {
    allowFailure: true,
  });
  const tests = run(['exec', 'turbo', 'run', 'test', '--continue', '--concurrency=2'], { allowFailure: true });
  const pack = build === 0 ? run(['run', 'test:pack'], { allowFailure: true }) : 1;
  const failed = [lint && 'lint', build && 'build/typecheck', tests && 'tests', pack && 'pack test'].filter(Boolean);
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
