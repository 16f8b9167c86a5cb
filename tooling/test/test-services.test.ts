import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const toolingDir = join(__dirname, '..');

interface JestSummary {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: Array<{ assertionResults: Array<{ fullName: string; status: string }> }>;
}

/** Runs the fixture suite in a child jest with the service probe result forced through the environment. */
function runFixture(env: Record<string, string>): JestSummary {
  const result = spawnSync(
    process.execPath,
    [require.resolve('jest/bin/jest'), '--rootDir', toolingDir, '--testMatch', '**/fixtures/*.fixture.ts', '--json'],
    { cwd: toolingDir, encoding: 'utf8', env: { ...process.env, PLATFORM_SERVICES_PROBED: '1', ...env } },
  );
  return JSON.parse(result.stdout) as JestSummary;
}

describe('describeWithService', () => {
  test('runs the block when the service answered the probe', () => {
    const summary = runFixture({ PLATFORM_SERVICES_AVAILABLE: 'postgres,redis', PLATFORM_REQUIRE_SERVICES: '' });

    expect(summary.numPassedTests).toBe(1);
  });

  test('skips the block with the reason in its name when the service is missing', () => {
    const summary = runFixture({ PLATFORM_SERVICES_AVAILABLE: '', PLATFORM_REQUIRE_SERVICES: '' });

    expect(summary.numPendingTests).toBe(1);
    expect(summary.testResults[0]?.assertionResults[0]?.fullName).toContain(
      'skipped: PostgreSQL at 127.0.0.1:5432 not reachable',
    );
  });

  test('fails instead of skipping under PLATFORM_REQUIRE_SERVICES=1', () => {
    const summary = runFixture({ PLATFORM_SERVICES_AVAILABLE: '', PLATFORM_REQUIRE_SERVICES: '1' });

    expect(summary.numFailedTests).toBe(1);
    expect(summary.numPassedTests).toBe(0);
  });
});
