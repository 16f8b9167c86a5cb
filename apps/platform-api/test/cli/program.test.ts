import { runCliCaptured } from './run-cli';

describe('platform-api program', () => {
  test('prints its help and exits 0 with --help', async () => {
    const run = await runCliCaptured(['--help']);

    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/Usage: platform-api/);
    expect(run.stdout).toMatch(/start/);
    expect(run.stdout).toMatch(/migrate/);
  });

  test('prints a command help and exits 0 with <command> --help', async () => {
    const run = await runCliCaptured(['migrate', '--help']);

    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/--status/);
    expect(run.stdout).toMatch(/--json/);
  });

  test('exits 2 on an unknown command', async () => {
    const run = await runCliCaptured(['frobnicate']);

    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/unknown command 'frobnicate'/);
  });

  test('exits 2 on an unknown option', async () => {
    const run = await runCliCaptured(['migrate', '--frobnicate']);

    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/unknown option '--frobnicate'/);
  });

  test('exits 2 and lists every bad variable when the configuration is invalid', async () => {
    const run = await runCliCaptured(['migrate'], { PORT: 'x', PLATFORM_LOG_LEVEL: 'loud' });

    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/PORT: .+\n.*PLATFORM_LOG_LEVEL: /);
  });

  test('prints a configuration error as JSON on stdout with --json', async () => {
    const run = await runCliCaptured(['migrate', '--json'], { PORT: 'x' });

    expect(run.exitCode).toBe(2);
    expect(run.json()).toEqual({
      error: {
        name: 'ConfigError',
        message: expect.stringContaining('PORT'),
        issues: [{ path: 'PORT', message: expect.any(String) }],
      },
    });
  });
});
