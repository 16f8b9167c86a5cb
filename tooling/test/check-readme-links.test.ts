import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const script = join(__dirname, '..', 'scripts', 'check-readme-links.mjs');

type Manifest = { files?: string[]; repository?: { type: string; url: string; directory?: string } };

describe('check-readme-links', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A package in a temporary folder: its files by path, and a manifest shipping `README.md` and `docs`. */
  function makePackage(files: Record<string, string>, manifest: Manifest = {}): string {
    const dir = mkdtempSync(join(tmpdir(), 'readme-links-'));
    dirs.push(dir);
    const fullManifest = { name: 'fixture', version: '1.0.0', files: ['README.md', 'docs'], ...manifest };
    writeFileSync(join(dir, 'package.json'), JSON.stringify(fullManifest));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    return dir;
  }

  function check(dir: string) {
    const result = spawnSync('node', [script, dir], { cwd: dir, encoding: 'utf8' });
    return { status: result.status, errors: result.stderr.trim().split('\n').filter(Boolean) };
  }

  test('passes when every relative link names a packed file and an existing heading', () => {
    const dir = makePackage({
      'README.md': '# Fixture\n\nSee [the guide](docs/guide.md#set-up-the-agent), [usage](#usage).\n\n## Usage\n',
      'docs/guide.md': '# Guide\n\n## Set up the agent\n\nBack to the [README](../README.md).\n',
    });

    expect(check(dir).status).toBe(0);
  });

  test('names a link to a file that `files` leaves out', () => {
    const dir = makePackage(
      { 'README.md': '# Fixture\n\nSee [the guide](docs/guide.md).\n', 'docs/guide.md': '# Guide\n' },
      { files: ['README.md'] },
    );

    const { status, errors } = check(dir);

    expect(errors).toContain('README.md:3: docs/guide.md: docs/guide.md is not in the tarball (add it to `files`)');
    expect(status).toBe(1);
  });

  test('names a link out of the package, which no tarball can hold', () => {
    const dir = makePackage({ 'README.md': 'Figures: [bench](../../bench/README.md).\n' });

    const { status, errors } = check(dir);

    expect(errors).toContain('README.md:1: ../../bench/README.md: points outside the package');
    expect(status).toBe(1);
  });

  test('names an anchor that no heading of the linked file has', () => {
    const dir = makePackage({
      'README.md': 'See [limits](docs/guide.md#limit) and [usage](#usage).\n',
      'docs/guide.md': '# Guide\n\n## Limits\n',
    });

    const { status, errors } = check(dir);

    expect(errors).toEqual(
      expect.arrayContaining([
        'README.md:1: docs/guide.md#limit: docs/guide.md has no heading #limit',
        'README.md:1: #usage: README.md has no heading #usage',
      ]),
    );
    expect(status).toBe(1);
  });

  test('names a path from the root, which the registry resolves against its own site', () => {
    const dir = makePackage({ 'README.md': '# Fixture\n\n[guide](/docs/guide.md)\n', 'docs/guide.md': '# Guide\n' });

    const { errors } = check(dir);

    expect(errors).toContain(
      'README.md:3: /docs/guide.md: a path from the root resolves against the registry site, not the package',
    );
  });

  test('ignores URLs and links inside code', () => {
    const dir = makePackage({
      'README.md': [
        '# Fixture',
        '[site](https://example.com/x.md), <mailto:a@example.com>, `[not](a-link.md)`',
        '```ts',
        'handlers[name](missing.md);',
        '```',
      ].join('\n'),
    });

    expect(check(dir)).toEqual({ status: 0, errors: [] });
  });

  test('warns, without failing, when relative links have no repository.directory to resolve on npmjs.com', () => {
    const files = { 'README.md': '[guide](docs/guide.md)\n', 'docs/guide.md': '# Guide\n' };
    const repository = { type: 'git', url: 'git+https://example.com/repo.git' };

    const without = check(makePackage(files, { repository }));
    const withDirectory = check(makePackage(files, { repository: { ...repository, directory: 'packages/fixture' } }));

    expect(without).toEqual({
      status: 0,
      errors: ['readme links: fixture: no repository.directory, so npmjs.com cannot resolve relative links'],
    });
    expect(withDirectory).toEqual({ status: 0, errors: [] });
  });

  test("every publishable package's links resolve in its tarball", () => {
    const result = spawnSync('node', [script], { encoding: 'utf8' });
    // Broken links are printed as `file:line: target: problem`; warnings start with `readme links:`.
    const broken = result.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('readme links:'));

    expect({ status: result.status, broken }).toEqual({ status: 0, broken: [] });
  }, 120_000);
});
