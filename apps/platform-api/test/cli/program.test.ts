import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { createProgram } from '../../src/cli/program';
import { runCliCaptured } from './run-cli';

/** Every command that runs something (not a group such as `tokens`), with its full name. */
function leafCommands(command: Command, prefix: string[] = []): [string, Command][] {
  return command.commands.flatMap((sub) =>
    sub.commands.length > 0 ? leafCommands(sub, [...prefix, sub.name()]) : [[[...prefix, sub.name()].join(' '), sub]],
  );
}

const { program } = createProgram({ stdout: () => {}, stderr: () => {}, env: {} });
const commands = leafCommands(program);

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

  test('has commands whose options include required ones', () => {
    expect(commands.map(([name]) => name)).toEqual(
      expect.arrayContaining(['init', 'users add', 'users list', 'teams add', 'tokens create', 'tokens revoke']),
    );
    expect(commands.flatMap(([, command]) => command.options.filter((option) => option.mandatory))).not.toHaveLength(0);
  });

  test.each(commands)('`%s --help` marks each required option, and only those', async (name, command) => {
    const run = await runCliCaptured([...name.split(' '), '--help']);

    expect(run.exitCode).toBe(0);
    for (const option of command.options) {
      const line = run.stdout.split('\n').find((text) => text.trimStart().startsWith(option.flags)) ?? '';
      expect(line).toContain(option.flags);
      expect(line.includes('(required)')).toBe(option.mandatory);
    }
  });

  test('`users add --help` says --first-name and --last-name are required', async () => {
    const run = await runCliCaptured(['users', 'add', '--help']);

    expect(run.stdout).toMatch(/--first-name <name> +\(required\)/);
    expect(run.stdout).toMatch(/--last-name <name> +\(required\)/);
  });

  test('exits 1 with what to do, and no stack, when a running server holds the embedded database', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'platform-api-held-'));
    // The lock a running `start` leaves: the pid of a live process other than this one.
    writeFileSync(path.join(dataDir, 'platform-api.lock'), String(process.ppid));
    try {
      const run = await runCliCaptured(['users', 'list', '--project', 'crm'], { PLATFORM_DATA_DIR: dataDir });

      expect(run.exitCode).toBe(1);
      expect(run.stderr).toBe(
        `error: The embedded database in ${dataDir} is open in process ${process.ppid} (a running \`platform-api start\`?), ` +
          'and it serves one process at a time. Stop that server (Ctrl-C in its terminal), run this command, then start it again; ' +
          'or use PostgreSQL (DATABASE_URL) to run any command while the server runs.\n',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
