import { describeWithService } from '@platform/tooling/test-services';
import { loadConfig } from '../../../src/config/config';
import { startServer } from '../../../src/server';
import { runCliCaptured } from '../../cli/run-cli';
import { silentLogger } from '../../helpers/silent-logger';
import { sleep } from '../../helpers/sleep';
import { type ExecutorWorld, startExecutorWorld } from './executor-world';

// PostgreSQL only: the embedded database of a test is an in-memory PGlite that `start` cannot open.
describeWithService('postgres', 'the worker of platform-api start [postgres]', () => {
  let world: ExecutorWorld;
  beforeAll(async () => {
    world = await startExecutorWorld('postgres');
  });
  afterAll(() => world?.close());

  const startWith = (worker: 'on' | 'off') => {
    const { database } = world.platform.context.config;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const env = {
      PORT: '0',
      DATABASE_URL: database.url,
      PLATFORM_WORKER: worker,
      PLATFORM_WORKER_POLL_INTERVAL_MS: '100',
    };
    return startServer(loadConfig(env), { logger: silentLogger(), handleSignals: false });
  };

  test('executes queued runs, and not with PLATFORM_WORKER=off', async () => {
    const { prisma } = world.platform.context;
    const runId = await world.queueRun([{ kind: 'note', content: 'From start' }], '1');

    const off = await startWith('off');
    await sleep(500);
    await off.close();
    expect(await prisma.workflowRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: 'Queued' });

    const on = await startWith('on');
    const run = await world.finishedRun(runId, 10_000);
    await on.close();
    expect(run.status).toBe('Succeeded');
  });
});

describe('platform-api worker', () => {
  test('refuses the embedded database, naming what to do', async () => {
    const result = await runCliCaptured(['worker', '--json'], { PLATFORM_DATA_DIR: '/nonexistent-data-dir' });

    expect(result.exitCode).toBe(2);
    expect(result.json<{ error: { name: string; message: string } }>().error).toMatchObject({
      name: 'ConfigError',
      message: expect.stringContaining('platform-api worker needs PostgreSQL'),
    });
  });
});
