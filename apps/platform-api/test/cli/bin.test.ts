import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packageRoot } from '../../src/config/package-root';
import { uniqueSuffix } from '../factories/unique-suffix';
import { copyPGliteTemplateTo } from '../helpers/pglite-template';
import { runCliCaptured } from './run-cli';

// The end-to-end tests of the real `platform-api` bin, one per command: it builds dist/cli.cjs with
// tsup, then runs bin/platform-api.cjs in child processes, each opening the database its environment
// names. Everything else about the commands is tested in-process (test/cli/*.test.ts).
const root = packageRoot();
const bin = path.join(root, 'bin', 'platform-api.cjs');

function childEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _nodeOptions, DATABASE_URL: _databaseUrl, ...env } = process.env;
  return { ...env, PLATFORM_LOG_LEVEL: 'warn', ...extra };
}

/** Resolves with the first stdout line that parses as JSON and has `status`. */
function firstStatusLine(child: ChildProcess): Promise<{ status: string; url: string }> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (const line of buffered.split('\n')) {
        if (!line.startsWith('{"status"')) continue;
        resolve(JSON.parse(line) as { status: string; url: string });
      }
    });
    child.once('exit', (code) => reject(new Error(`platform-api exited with ${code} before listening`)));
  });
}

/** Collects the child's stdout and resolves once a line matches `pattern`. */
function stdoutUntil(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      if (pattern.test(buffered)) resolve(buffered);
    });
    child.once('exit', (code) => reject(new Error(`platform-api exited with ${code}:\n${buffered}`)));
  });
}

/** Splits a printed shell command line into words: plain words, 'single' and "double" quoted ones. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

function builtAt(file: string): number {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

function newestChange(directory: string): number {
  return Math.max(
    ...readdirSync(directory, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
  );
}

describe('bin/platform-api.cjs', () => {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'platform-api-bin-'));

  beforeAll(() => {
    // Rebuilt only when stale: under `npm test` it was just built, and another suite (the quickstart
    // scenario) runs dist/cli.cjs meanwhile, which a rebuild would delete under it.
    if (builtAt(path.join(root, 'dist', 'cli.cjs')) < newestChange(path.join(root, 'src'))) {
      execFileSync('pnpm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
    }
  }, 120_000);

  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  test('`migrate --json` migrates a new embedded database and exits 0', () => {
    const output = execFileSync(process.execPath, [bin, 'migrate', '--json'], {
      cwd: workDir,
      env: childEnv({ PLATFORM_DATA_DIR: path.join(workDir, 'migrate-data') }),
      encoding: 'utf8',
    });

    const migrations = readdirSync(path.join(root, 'prisma', 'migrations'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(migrations[0]).toMatch(/^\d{14}_init$/);
    expect(JSON.parse(output)).toEqual({ appliedMigrationNames: migrations });
  });

  test('`start --json` serves /health and /ready, then exits 0 on SIGTERM', async () => {
    // A migrated copy: migrating at first start is test/server.test.ts's.
    await copyPGliteTemplateTo(path.join(workDir, 'start-data'));
    const child = spawn(process.execPath, [bin, 'start', '--json'], {
      cwd: workDir,
      env: childEnv({ PORT: '0', PLATFORM_DATA_DIR: path.join(workDir, 'start-data') }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const { url } = await firstStatusLine(child);

      const health = await fetch(`${url}/health`);
      const ready = await fetch(`${url}/ready`);
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = await exited;

      expect(health.status).toBe(200);
      expect(ready.status).toBe(200);
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  test('exits 2 with a clear message on a bad configuration', () => {
    let status: number | null = null;
    let stderr = '';
    try {
      execFileSync(process.execPath, [bin, 'start'], { cwd: workDir, env: childEnv({ PORT: 'x' }), stdio: 'pipe' });
    } catch (error) {
      ({ status } = error as { status: number | null });
      stderr = String((error as { stderr: Buffer }).stderr);
    }

    expect(status).toBe(2);
    expect(stderr).toMatch(/Invalid configuration:\n {2}- PORT: /);
  });

  describe('database commands, each run on the embedded database its environment names', () => {
    const dataDir = path.join(workDir, 'commands-data');
    const run = (...argv: string[]): unknown =>
      JSON.parse(
        execFileSync(process.execPath, [bin, ...argv, '--json'], {
          cwd: workDir,
          env: childEnv({ PLATFORM_DATA_DIR: dataDir, PLATFORM_MIGRATE_ON_START: 'false' }),
          encoding: 'utf8',
        }),
      );

    beforeAll(async () => {
      await copyPGliteTemplateTo(dataDir);
    });

    // Each command reads what the previous one wrote: they share the data directory, in this order.
    test('`init --json` creates the organization and its project', () => {
      const setup = run(
        ...['init', '--organization', 'acme', '--project', 'crm', '--environments', 'production'],
        ...['--admin-email', 'admin@example.com', '--admin-password', 'a-long-password'],
      );

      expect(setup).toMatchObject({
        organization: { name: 'acme' },
        project: { name: 'crm' },
        admin: { email: 'admin@example.com' },
        environments: [{ name: 'production', secret: expect.stringMatching(/^[0-9a-f]{64}$/) }],
      });
    });

    test('`users add --json` adds a user to the project `init` created', () => {
      const added = run(
        ...['users', 'add', '--email', 'ada@example.com', '--first-name', 'Ada', '--last-name', 'Lovelace'],
        ...['--project', 'crm', '--role', 'Editor'],
      );

      expect(added).toEqual({
        isNewUser: true,
        user: expect.objectContaining({ email: 'ada@example.com', role: 'Editor' }),
      });
    });

    test('`teams add --json` makes a team of the user `users add` added', () => {
      const added = run('teams', 'add', '--project', 'crm', '--name', 'Support', '--members', 'ada@example.com');

      expect(added).toMatchObject({ team: { name: 'Support', memberEmails: ['ada@example.com'] } });
    });

    test('`tokens create --json` issues a token to the Admin `init` created', () => {
      const created = run(
        ...['tokens', 'create', '--project', 'crm', '--user', 'admin@example.com', '--name', 'backup'],
        ...['--scopes', 'notes:read', '--permission', 'read-only'],
      );

      expect(created).toMatchObject({
        value: expect.stringMatching(/^plat_[0-9A-Za-z]{49}$/),
        token: { name: 'backup', scopes: ['notes:read'] },
      });
    });

    test('`workflows create --json` publishes a YAML file for the team `teams add` made', () => {
      const file = path.join(workDir, 'mark-paid.yaml');
      writeFileSync(
        file,
        'name: Mark paid\ncollection: invoices\nsteps:\n  - kind: update\n    values: { status: paid }\n',
      );

      const published = run(
        ...['workflows', 'create', '--project', 'crm', '--environment', 'production', '--team', 'Support'],
        ...['--file', file],
      );

      expect(published).toMatchObject({
        isNew: true,
        workflow: { name: 'Mark paid', version: 1, steps: [{ kind: 'update', values: { status: 'paid' } }] },
      });
    });
  });

  test('a relative PLATFORM_DATA_DIR is read from the package root, not the working directory', async () => {
    const relative = `.platform-data-test-${uniqueSuffix()}`;
    await copyPGliteTemplateTo(path.join(root, relative));
    try {
      const result = spawnSync(process.execPath, [bin, 'users', 'list', '--project', 'nowhere'], {
        cwd: workDir,
        env: childEnv({ PLATFORM_DATA_DIR: relative, PLATFORM_MIGRATE_ON_START: 'false' }),
        encoding: 'utf8',
      });

      // The migrated copy answered: an empty directory under workDir would have no tables.
      expect(result.stderr).toBe('error: No project named "nowhere".\n');
      expect(existsSync(path.join(workDir, relative))).toBe(false);
    } finally {
      rmSync(path.join(root, relative), { recursive: true, force: true });
    }
  });

  test('the root script `npm run platform-api --` runs the CLI from the repository root', () => {
    const output = execFileSync('npm', ['run', '--silent', 'platform-api', '--', 'users', 'add', '--help'], {
      cwd: path.join(root, '..', '..'),
      env: childEnv({}),
      encoding: 'utf8',
    });

    expect(output).toMatch(/^Usage: platform-api users add \[options\]/);
    expect(output).toMatch(/--first-name <name> +\(required\)/);
  });

  describe('on a fresh embedded data directory', () => {
    const dataDir = path.join(workDir, 'first-run-data');
    let server: ChildProcess;
    let printed: string;

    beforeAll(async () => {
      server = spawn(process.execPath, [bin, 'start'], {
        cwd: workDir,
        env: childEnv({ PORT: '0', PLATFORM_DATA_DIR: dataDir }),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      printed = await stdoutUntil(server, /^ {2}3\. curl .*$/m);
    }, 60_000);

    afterAll(async () => {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await exited;
    });

    test('`start` prints the next steps; following them while it runs leads to a 200 from the notes listing', async () => {
      const steps = [...printed.matchAll(/^ {2}\d\. (.*)$/gm)].map((match) => match[1] ?? '');
      expect(steps).toHaveLength(3);

      // 1. and 2., run in-process as `npm run platform-api --` runs them from the repository root: the
      // data directory is held by the server, which runs them.
      const cliRun = (step: string) => {
        const words = shellWords(step);
        const assignments = words.filter((word) => /^[A-Z_]+=/.test(word));
        const env = Object.fromEntries(assignments.map((word) => word.split(/=(.*)/s).slice(0, 2)));
        const command = words.slice(assignments.length);
        expect(command.slice(0, 4)).toEqual(['npm', 'run', 'platform-api', '--']);
        return runCliCaptured(command.slice(4), env);
      };
      const init = await cliRun(steps[0] ?? '');
      expect(init).toMatchObject({ exitCode: 0, stderr: '' });
      const created = await cliRun(steps[1] ?? '');
      expect(created).toMatchObject({ exitCode: 0, stderr: '' });
      const token = /^(plat_\w+)$/m.exec(created.stdout)?.[1] ?? '';
      expect(token).not.toBe('');
      // 3. curl -H "Authorization: Bearer <token>" <url>
      const curl = shellWords(steps[2] ?? '');
      const header = (curl[curl.indexOf('-H') + 1] ?? '').replace('<the token printed by tokens create>', token);
      const [name = '', value = ''] = header.split(/: (.*)/s);
      const response = await fetch(curl.at(-1) ?? '', { headers: { [name]: value } });

      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ data: [], hasMore: false });
    });

    test('a command of another process is run by the server that holds the database', () => {
      const output = execFileSync(process.execPath, [bin, 'tokens', 'list', '--project', 'backoffice', '--json'], {
        cwd: workDir,
        env: childEnv({ PLATFORM_DATA_DIR: dataDir }),
        encoding: 'utf8',
      });

      expect(JSON.parse(output)).toMatchObject({ tokens: [expect.objectContaining({ name: 'first-token' })] });
    });

    test('a command the server does not run (migrate) exits 1, says what to do, and prints no stack', () => {
      const result = spawnSync(process.execPath, [bin, 'migrate'], {
        cwd: workDir,
        env: childEnv({ PLATFORM_DATA_DIR: dataDir }),
        encoding: 'utf8',
      });

      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`error: The embedded database in ${dataDir} is open in process ${server.pid}`);
      expect(result.stderr).toContain('Stop that server (Ctrl-C in its terminal)');
      expect(result.stderr).not.toMatch(/^\s+at /m);
    });
  });
});
