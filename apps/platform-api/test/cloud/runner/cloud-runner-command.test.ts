import { runCliCaptured } from '../../cli/run-cli';

describe('platform-api cloud-runner', () => {
  test('refuses the embedded database with exit code 2: the runner needs PostgreSQL', async () => {
    const run = await runCliCaptured(['cloud-runner'], { PLATFORM_DATA_DIR: '/nonexistent/platform-data' });

    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('platform-api cloud-runner needs PostgreSQL');
  });

  test('refuses a bad option with exit code 2, naming it', async () => {
    const run = await runCliCaptured(['cloud-runner', '--port-base', 'high', '--json'], {
      DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none',
    });

    expect(run.exitCode).toBe(2);
    expect(run.json()).toMatchObject({ error: { name: 'ValidationError', issues: [{ path: 'portBase' }] } });
  });

  test('is listed in the help beside start and worker', async () => {
    const run = await runCliCaptured(['--help']);

    expect(run.stdout).toMatch(/cloud-runner \[options\] +Host the agents of the cloud environments/);
  });
});
