#!/usr/bin/env node
// `node tooling/scripts/ensure-node22.mjs` prints the path of a Node 22 binary on stdout, for the
// few tools that need it while the workspace runs on Node 20 (the MCP conformance CLI calls
// `fs.globSync`). The first run installs `node@22` from the npm registry, the only registry
// reachable here, into .tooling-cache/node22 (about 190 MB, ten seconds); later runs reuse it.
// `NODE22_PATH` names another binary (Node 22 or later) to use;
// Node 22+ running the script uses itself. npm's log goes to stderr.
import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cacheDir = join(root, '.tooling-cache', 'node22');

/** The major version of the Node binary at `path`, or undefined when it does not run. */
function majorOf(path) {
  try {
    const version = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return Number(/^v(\d+)\./.exec(version.trim())?.[1]);
  } catch {
    return undefined;
  }
}

function fail(message) {
  console.error(`ensure-node22: ${message}`);
  process.exit(1);
}

/** Installs node@22 beside the cache, then moves it in: a concurrent run never sees half of it. */
function install() {
  const staging = `${cacheDir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  console.error(`ensure-node22: installing node@22 from the npm registry into ${cacheDir} (once)...`);
  try {
    execFileSync(
      'npm',
      ['install', '--global', '--prefix', staging, '--no-audit', '--no-fund', '--loglevel=error', 'node@22'],
      {
        stdio: ['ignore', process.stderr, process.stderr],
      },
    );
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    fail(
      `\`npm install --global --prefix ${staging} node@22\` failed (${error.message.split('\n')[0]}). ` +
        'Check that the npm registry is reachable, or set NODE22_PATH to a Node 22 binary.',
    );
  }
  const installed = join(staging, 'bin', 'node');
  if (majorOf(installed) !== 22) {
    rmSync(staging, { recursive: true, force: true });
    // The `node` package fetches its binary in a preinstall script: npm may have skipped it.
    fail(`npm installed node@22 but ${installed} does not run as Node 22 (were install scripts disabled?).`);
  }
  if (existsSync(cacheDir)) rmSync(staging, { recursive: true, force: true });
  else renameSync(staging, cacheDir);
}

function node22() {
  if (process.env.NODE22_PATH) {
    if (!(majorOf(process.env.NODE22_PATH) >= 22))
      fail(`NODE22_PATH=${process.env.NODE22_PATH} is not Node 22 or later.`);
    return process.env.NODE22_PATH;
  }
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const cached = join(cacheDir, 'bin', 'node');
  if (majorOf(cached) === 22) return cached;
  if (existsSync(cacheDir)) rmSync(cacheDir, { recursive: true, force: true }); // a broken cache
  install();
  return cached;
}

console.log(node22());
