import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

export interface LintProblem {
  readonly ruleId: string;
  readonly severity: 'error' | 'warn';
  readonly message: string;
  readonly pointer: string;
}

export interface LintResult {
  readonly errors: number;
  readonly warnings: number;
  readonly problems: readonly LintProblem[];
}

interface RedoclyJsonReport {
  readonly totals: { readonly errors: number; readonly warnings: number };
  readonly problems: readonly {
    readonly ruleId: string;
    readonly severity: 'error' | 'warn';
    readonly message: string;
    readonly location: readonly { readonly pointer: string }[];
  }[];
}

const cli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

/**
 * Lints an OpenAPI document with `redocly lint` and its `recommended` rules, as an integrator's CI
 * would. The CLI is spawned because @redocly/cli 2.x ships one bundle with no programmatic API; the
 * document and an explicit config (so no `redocly.yaml` up the tree applies) go to a temp folder.
 */
export async function redoclyLint(document: unknown): Promise<LintResult> {
  const folder = await mkdtemp(join(tmpdir(), 'platform-openapi-lint-'));
  try {
    const file = join(folder, 'openapi.json');
    const config = join(folder, 'redocly.yaml');
    await writeFile(file, JSON.stringify(document));
    await writeFile(config, 'extends:\n  - recommended\n');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', file, `--config=${config}`, '--format=json'],
      // No telemetry call home, no update notice, and not jest's --experimental-vm-modules.
      {
        env: { ...process.env, NODE_OPTIONS: '', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => {
      // Exit code 1 means problems were found: the JSON report is still on stdout.
      if (typeof error.stdout === 'string' && error.stdout.trim().startsWith('{')) return { stdout: error.stdout };
      throw error;
    });
    const report = JSON.parse(stdout) as RedoclyJsonReport;
    return {
      errors: report.totals.errors,
      warnings: report.totals.warnings,
      problems: report.problems.map((problem) => ({
        ruleId: problem.ruleId,
        severity: problem.severity,
        message: problem.message,
        pointer: problem.location[0]?.pointer ?? '',
      })),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
