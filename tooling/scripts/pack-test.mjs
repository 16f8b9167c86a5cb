#!/usr/bin/env node
// Proves every publishable package would publish cleanly (publish-checks.mjs), installs from its
// tarball into an empty npm project and loads through both `require` and `import`. Internal
// dependencies resolve to the sibling tarballs (npm `overrides`), so nothing of ours is fetched
// from a registry.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishProblems } from './publish-checks.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const customerTests = join(root, 'tooling', 'pack-test', 'customer-jest');
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
  const problems = [];
  for (const { dir, manifest } of packages) {
    const out = execFileSync('pnpm', ['pack', '--pack-destination', tarballs], { cwd: dir, encoding: 'utf8' });
    const file = out.trim().split('\n').pop().trim();
    files[manifest.name] = `file:${file}`;
    problems.push(...publishProblems(root, file, manifest).map((problem) => `${manifest.name}: ${problem}`));
  }
  if (problems.length > 0) throw new Error(`pack test: not ready to publish:\n- ${problems.join('\n- ')}`);
  console.log(`pack test: ${packages.length} packages pass npm publish --dry-run, publint and attw`);
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

  runCustomerJestProject(work, files);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * A customer's jest project (tooling/pack-test/customer-jest/README.md): the tarballs installed
 * into a fresh npm project with jest + ts-jest as `ts-jest config:init` sets them up, running the
 * agent-testing README example, a SQLite-backed agent and an MCP client, with jest's default
 * CommonJS runtime.
 */
function runCustomerJestProject(work, files) {
  const project = join(work, 'customer-jest');
  mkdirSync(join(project, 'test'), { recursive: true });
  const rootDevDependencies = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies;
  const agent = JSON.parse(readFileSync(join(root, 'packages', 'agent', 'package.json'), 'utf8'));
  const version = (name) => agent.dependencies[name] ?? agent.devDependencies[name] ?? rootDevDependencies[name];
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify(
      {
        name: 'customer-jest',
        version: '1.0.0',
        private: true,
        dependencies: {
          ...files,
          '@modelcontextprotocol/sdk': version('@modelcontextprotocol/sdk'),
          'better-sqlite3': version('better-sqlite3'),
        },
        devDependencies: {
          jest: version('jest'),
          'ts-jest': '^29.4.15',
          typescript: version('typescript'),
          '@types/jest': version('@types/jest'),
          '@types/node': version('@types/node'),
          '@types/better-sqlite3': version('@types/better-sqlite3'),
        },
        overrides: files,
      },
      null,
      2,
    ),
  );
  // What `npx ts-jest config:init` writes, and a plain tsconfig.json.
  writeFileSync(
    join(project, 'jest.config.js'),
    `const { createDefaultPreset } = require('ts-jest');\n\nmodule.exports = {\n  testEnvironment: 'node',\n  transform: { ...createDefaultPreset().transform },\n};\n`,
  );
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        module: 'commonjs',
        esModuleInterop: true,
        strict: true,
        skipLibCheck: true,
      },
    }),
  );
  const tests = {
    'readme-example.test.ts': join(root, 'packages', 'agent-testing', 'examples', 'readme-example.test.ts'),
    'sqlite-agent.test.ts': join(customerTests, 'sqlite-agent.test.ts'),
    'mcp-server.test.ts': join(customerTests, 'mcp-server.test.ts'),
  };
  for (const [name, source] of Object.entries(tests)) writeFileSync(join(project, 'test', name), readFileSync(source));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--legacy-peer-deps', '--loglevel=error'], {
    cwd: project,
    stdio: 'inherit',
  });
  execFileSync('npx', ['jest', '--ci'], { cwd: project, stdio: 'inherit' });
  console.log(`pack test: a customer's jest + ts-jest project runs ${Object.keys(tests).join(', ')}`);
}
