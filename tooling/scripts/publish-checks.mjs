// The pack test's publish checks (root README, "Working on it"): a packed tarball is checked as
// the registry and its users would take it, without publishing anything.
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';

const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'];
// What npm says about the package itself (not about the config pnpm passes down in npm_config_*),
// except that a real publish would need a login, which is expected here.
const PUBLISH_PROBLEM = /^npm (warn publish|error)/i;
const EXPECTED_WARNING = /requires you to be logged in/;

/**
 * The problems of one tarball: `npm publish --dry-run` refuses it or warns; an entry of the
 * manifest's `files` is missing from it; a dependency keeps a `workspace:` range; publint reports
 * an error or a warning; `@arethetypeswrong/cli` finds an entry point whose types do not resolve
 * for `require` or `import` (node10, node16 from CJS and ESM, bundler).
 *
 * @param root the repository root, where the tools are installed
 * @param tarball the `.tgz` made by `pnpm pack` (which turns `workspace:` ranges into versions)
 * @param manifest the package's own package.json
 */
export function publishProblems(root, tarball, manifest) {
  const problems = [];
  const publish = spawnSync(
    'npm',
    // `access` is what `changeset publish` passes, from .changeset/config.json.
    ['publish', '--dry-run', '--json', '--access=public', '--loglevel=warn', tarball],
    { cwd: dirname(tarball), encoding: 'utf8' },
  );
  const warnings = publish.stderr
    .split('\n')
    .filter((line) => PUBLISH_PROBLEM.test(line) && !EXPECTED_WARNING.test(line));
  if (publish.status !== 0 || warnings.length > 0)
    problems.push(`npm publish --dry-run: ${warnings.join('; ') || `exit code ${publish.status}`}`);
  else {
    const packed = JSON.parse(publish.stdout)[manifest.name].files.map((file) => file.path);
    for (const entry of manifest.files ?? []) {
      if (!packed.some((path) => path === entry || path.startsWith(`${entry}/`)))
        problems.push(`"files" lists ${entry}, which is not in the tarball`);
    }
  }

  const published = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
  for (const field of DEPENDENCY_FIELDS) {
    for (const [name, range] of Object.entries(published[field] ?? {})) {
      if (range.startsWith('workspace:')) problems.push(`${field}.${name} is published as ${range}`);
    }
  }

  const tools = [
    ['publint', ['run', tarball, '--strict', '--level=warning']],
    ['attw', [tarball, '--format=ascii', '--no-color', '--no-emoji']],
  ];
  for (const [tool, args] of tools) {
    const result = spawnSync(join(root, 'node_modules', '.bin', tool), args, { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) problems.push(`${tool}:\n${result.stdout}${result.stderr}`);
  }
  return problems;
}
