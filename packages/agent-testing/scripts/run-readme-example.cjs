// Runs the README's example as CI runs it, with --detectOpenHandles, and fails when the example
// leaves anything open: jest then reports the handle (it only warns), or never exits (a
// listening server), which the time limit turns into a failure.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const TIME_LIMIT_MS = 60_000;
const packageDir = path.join(__dirname, '..');
const jest = require.resolve('jest/bin/jest', { paths: [packageDir] });
const result = spawnSync(process.execPath, [jest, '-c', 'jest.examples.config.cjs', '--detectOpenHandles'], {
  cwd: packageDir,
  encoding: 'utf8',
  env: { ...process.env, FORCE_COLOR: '0' },
  timeout: TIME_LIMIT_MS,
  killSignal: 'SIGKILL',
});
process.stdout.write(result.stdout ?? '');
process.stderr.write(result.stderr ?? '');

const output = `${result.stdout}\n${result.stderr}`;
if (result.error !== undefined || /open handle/i.test(output)) {
  console.error('The README example left open handles: it must close everything it starts.');
  process.exit(1);
}
process.exit(result.status ?? 1);
