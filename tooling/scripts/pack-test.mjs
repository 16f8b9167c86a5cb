#!/usr/bin/env node
// Proves every publishable package installs from its tarball into an empty npm project and loads
// through both `require` and `import`. Internal dependencies resolve to the sibling tarballs
// (npm `overrides`), so nothing of ours is fetched from a registry.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const packages = readdirSync(join(root, 'packages'))
  .map((name) => join(root, 'packages', name))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
  .filter(({ manifest }) => !manifest.private);

if (packages.length === 0) {
  console.log('pack test: no publishable package yet');
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), 'platform-pack-'));
const tarballs = join(work, 'tarballs');
mkdirSync(tarballs);
const consumer = join(work, 'consumer');
mkdirSync(consumer);

try {
  const files = {};
  for (const { dir, manifest } of packages) {
    const out = execFileSync('pnpm', ['pack', '--pack-destination', tarballs], { cwd: dir, encoding: 'utf8' });
    const file = out.trim().split('\n').pop().trim();
    files[manifest.name] = `file:${file}`;
  }
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify(
      { name: 'pack-consumer', version: '1.0.0', private: true, dependencies: files, overrides: files },
      null,
      2,
    ),
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--legacy-peer-deps', '--loglevel=error'], {
    cwd: consumer,
    stdio: 'inherit',
  });

  for (const { manifest } of packages) {
    // Every subpath of the exports map ('.', './testing'...) except the manifest itself.
    const subpaths = Object.keys(manifest.exports ?? { '.': {} }).filter((subpath) => subpath !== './package.json');
    for (const subpath of subpaths) {
      const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      const cjs = `const m = require(${JSON.stringify(specifier)}); if (Object.keys(m).length === 0) { throw new Error('empty CJS export'); }`;
      const esm = `const m = await import(${JSON.stringify(specifier)}); if (Object.keys(m).length === 0) { throw new Error('empty ESM export'); }`;
      execFileSync('node', ['-e', cjs], { cwd: consumer, stdio: 'inherit' });
      execFileSync('node', ['--input-type=module', '-e', esm], { cwd: consumer, stdio: 'inherit' });
      const conditions = manifest.exports?.[subpath];
      const types = conditions?.import?.types ?? conditions?.types;
      if (!types || !existsSync(join(consumer, 'node_modules', manifest.name, types)))
        throw new Error(`${specifier}: no .d.ts at ${types}`);
      console.log(`pack test: ${specifier} installs and loads via require and import, with types`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
