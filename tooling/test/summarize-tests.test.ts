import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const script = join(__dirname, '..', 'scripts', 'summarize-tests.mjs');

type Counts = { passed: number; failed: number; pending?: number; runtimeErrors?: number };

function makeRepo(results: Record<string, Counts>): string {
  const root = mkdtempSync(join(tmpdir(), 'summarize-'));
  for (const [dir, counts] of Object.entries(results)) {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(
      join(root, dir, '.jest-results.json'),
      JSON.stringify({
        numPassedTests: counts.passed,
        numFailedTests: counts.failed,
        numPendingTests: counts.pending ?? 0,
        numTodoTests: 0,
        numRuntimeErrorTestSuites: counts.runtimeErrors ?? 0,
      }),
    );
  }
  return root;
}

function summarize(root: string): { status: number | null; lastLine: string } {
  const result = spawnSync('node', [script, root], { encoding: 'utf8' });
  const lines = result.stdout.trim().split('\n');
  return { status: result.status, lastLine: lines[lines.length - 1] ?? '' };
}

describe('summarize-tests', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  test('adds up every package and prints the closing line', () => {
    const root = makeRepo({ 'packages/a': { passed: 3, failed: 0 }, 'apps/b': { passed: 2, failed: 0, pending: 1 } });
    roots.push(root);

    const { status, lastLine } = summarize(root);

    expect(lastLine).toBe('5 passed, 0 failed, 1 skipped');
    expect(status).toBe(0);
  });

  test('fails when a test failed', () => {
    const root = makeRepo({ 'packages/a': { passed: 3, failed: 1 } });
    roots.push(root);

    const { status, lastLine } = summarize(root);

    expect(lastLine).toBe('3 passed, 1 failed');
    expect(status).toBe(1);
  });

  test('counts a suite that failed to load as a failure', () => {
    const root = makeRepo({ 'packages/a': { passed: 3, failed: 0, runtimeErrors: 1 } });
    roots.push(root);

    const { status, lastLine } = summarize(root);

    expect(lastLine).toBe('3 passed, 1 failed');
    expect(status).toBe(1);
  });

  test('fails when no test ran at all', () => {
    const root = makeRepo({});
    roots.push(root);

    const { status, lastLine } = summarize(root);

    expect(lastLine).toBe('0 passed, 0 failed');
    expect(status).toBe(1);
  });
});
