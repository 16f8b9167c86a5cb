import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ExitCode } from '../../src';
import { type CliHome, createCliHome } from '../helpers/cli-home';
import { closedPort } from '../helpers/closed-port';
import { runCli } from '../helpers/run-cli';

const SECRET = 'a'.repeat(64);

function storeLogin(home: CliHome, platformUrl: string): void {
  mkdirSync(path.dirname(home.credentialsFile), { recursive: true });
  const credentials = {
    platformUrl,
    accessToken: 'pca_x',
    refreshToken: 'pcr_x',
    expiresAt: '2099-01-01T00:00:00.000Z',
  };
  writeFileSync(home.credentialsFile, JSON.stringify(credentials));
}

describe('platform-cloud run()', () => {
  let home: CliHome;
  beforeEach(() => {
    home = createCliHome();
  });
  afterEach(() => home.remove());

  test.each([
    ['environments', ['environments']],
    ['whoami', ['whoami']],
    ['bootstrap', ['bootstrap', '--env-secret', SECRET]],
  ])('%s without a login: exit 3 and one line saying to log in', async (_name, argv) => {
    const result = await runCli(argv, { cwd: home.cwd, env: home.env() });

    expect(result.exitCode).toBe(ExitCode.NotLoggedIn);
    expect(result.stderr).toBe('error: not logged in: run platform-cloud login\n');
    expect(result.stdout).toBe('');
  });

  test('with --json, the error is one JSON line on stdout', async () => {
    const result = await runCli(['environments', '--json'], { cwd: home.cwd, env: home.env() });

    expect(result.exitCode).toBe(ExitCode.NotLoggedIn);
    expect(result.json()).toEqual({
      error: { name: 'NotLoggedInError', message: 'not logged in: run platform-cloud login' },
    });
  });

  test('a login to another platform than the one asked is not used', async () => {
    storeLogin(home, 'http://127.0.0.1:1234');

    const result = await runCli(['environments', '--platform-url', 'http://127.0.0.1:4321'], {
      cwd: home.cwd,
      env: home.env(),
    });

    expect(result.exitCode).toBe(ExitCode.NotLoggedIn);
    expect(result.stderr).toBe(
      'error: logged in to http://127.0.0.1:1234, not to http://127.0.0.1:4321: run platform-cloud login --platform-url http://127.0.0.1:4321\n',
    );
  });

  test.each([
    ['login', ['login']],
    ['environments', ['environments']],
  ])('%s with the platform down: exit 4 and one line naming the URL', async (_name, argv) => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    storeLogin(home, url);

    const result = await runCli(argv, { cwd: home.cwd, env: home.env({ PLATFORM_URL: url }) });

    expect(result.exitCode).toBe(ExitCode.Unreachable);
    expect(result.stderr).toMatch(
      new RegExp(`^error: cannot reach the platform at ${url}: connect ECONNREFUSED [^\\n]+\\n$`),
    );
  });

  test('project commands outside a project: exit 2 and one line saying where to run them', async () => {
    for (const command of ['update-typings', 'publish', 'logs']) {
      const result = await runCli([command], { cwd: home.cwd, env: home.env() });

      expect(result.exitCode).toBe(ExitCode.Usage);
      expect(result.stderr).toBe(
        `error: no PLATFORM_ENV_SECRET in ${home.cwd}/.env: run this command in a project made by platform-cloud bootstrap\n`,
      );
    }
  });

  test('bootstrap refuses a directory that is not empty, before any platform call', async () => {
    mkdirSync(path.join(home.cwd, 'cloud-customizer'));
    writeFileSync(path.join(home.cwd, 'cloud-customizer', 'notes.txt'), 'mine');

    const result = await runCli(['bootstrap', '--env-secret', SECRET], { cwd: home.cwd, env: home.env() });

    expect(result.exitCode).toBe(ExitCode.Usage);
    expect(result.stderr).toBe(
      `error: ${path.join(home.cwd, 'cloud-customizer')} is not empty: choose another directory, or pass --force\n`,
    );
  });

  test.each([
    ['an unknown command', ['deploy'], "error: unknown command 'deploy'\n"],
    ['an unknown option', ['login', '--verbose'], "error: unknown option '--verbose'\n"],
    ['a missing required option', ['bootstrap'], "error: required option '--env-secret <secret>' not specified\n"],
    [
      'a bad --limit',
      ['logs', '--limit', '0'],
      "error: option '-n, --limit <n>' argument '0' is invalid. expected 1 to 1000\n",
    ],
    [
      'a bad platform URL',
      ['login', '--platform-url', 'nope'],
      'error: --platform-url is not an http(s) URL: nope (expected e.g. https://platform.example.com)\n',
    ],
  ])('%s: exit 2 and one line', async (_case, argv, line) => {
    const result = await runCli(argv, { cwd: home.cwd, env: home.env() });

    expect(result.exitCode).toBe(ExitCode.Usage);
    expect(result.stderr).toBe(line);
  });

  test('--help and --version print on stdout and exit 0', async () => {
    const help = await runCli(['--help'], { cwd: home.cwd, env: home.env() });
    const version = await runCli(['--version'], { cwd: home.cwd, env: home.env() });

    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('bootstrap [options] [directory]');
    expect(version.exitCode).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  test('logout without a login has nothing to do', async () => {
    const result = await runCli(['logout', '--json'], { cwd: home.cwd, env: home.env() });

    expect(result.exitCode).toBe(0);
    expect(result.json()).toEqual({ loggedOut: false });
  });
});
