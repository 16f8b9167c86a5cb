import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describeWithService } from '@platform/tooling/test-services';
import { packageRoot } from '../../../src/config/package-root';
import { sleep } from '../../helpers/sleep';
import { type ExecutorWorld, startExecutorWorld } from './executor-world';

const bin = path.join(packageRoot(), 'bin', 'platform-api.cjs');

/** `platform-api worker` processes (the real bin, built with tsup) on the test's PostgreSQL. */
describeWithService('postgres', 'platform-api worker processes [postgres]', () => {
  let world: ExecutorWorld;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    execFileSync('pnpm', ['run', 'build'], { cwd: packageRoot(), stdio: 'ignore' });
    world = await startExecutorWorld('postgres');
  }, 120_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await world?.close();
  });

  /** Starts `platform-api worker --json`; resolves with the process and its id once it works. */
  const startWorkerProcess = async () => {
    const { config } = world.platform.context;
    if (config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const { NODE_OPTIONS: _nodeOptions, ...env } = process.env;
    const child = spawn(process.execPath, [bin, 'worker', '--json'], {
      env: {
        ...env,
        DATABASE_URL: config.database.url,
        PLATFORM_LOG_LEVEL: 'warn',
        PLATFORM_WORKFLOW_LEASE_MS: '1500',
        PLATFORM_WORKER_POLL_INTERVAL_MS: '200',
        PLATFORM_AGENT_ROUTE_PREFIX: '/platform',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    const workerId = await new Promise<string>((resolve, reject) => {
      let buffered = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const line = buffered.split('\n').find((candidate) => candidate.startsWith('{"status":"working"'));
        if (line) resolve((JSON.parse(line) as { workerId: string }).workerId);
      });
      child.once('exit', (code) => reject(new Error(`platform-api worker exited with ${code}: ${buffered}`)));
    });
    return { child, workerId };
  };

  const waitFor = async (isDone: () => boolean, withinMs = 15_000) => {
    const deadline = Date.now() + withinMs;
    while (!isDone() && Date.now() < deadline) await sleep(20);
  };

  test('SIGTERM lets the run in progress finish, then the worker exits 0', async () => {
    world.control.slowMs = 1_000;
    world.actionCalls.length = 0;
    const { child, workerId } = await startWorkerProcess();
    const runId = await world.queueRun([{ kind: 'action', action: 'Slow' }], '1');
    await waitFor(() => world.actionCalls.length > 0);
    expect(world.actionCalls).toHaveLength(1);

    child.kill('SIGTERM');
    const [exitCode] = await once(child, 'exit');
    world.control.slowMs = 0;

    expect(exitCode).toBe(0);
    const run = await world.platform.context.prisma.workflowRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({ status: 'Succeeded', claimedBy: workerId });
  });

  test('a worker killed mid-run leaves the run to another worker once its lease expires', async () => {
    const { prisma } = world.platform.context;
    world.control.slowMs = 4_000;
    world.actionCalls.length = 0;
    const { child, workerId } = await startWorkerProcess();
    const runId = await world.queueRun(
      [
        { kind: 'action', action: 'Slow' },
        { kind: 'update', values: { status: 'after-crash' } },
      ],
      '2',
    );
    await waitFor(() => world.actionCalls.length > 0);
    expect(await prisma.workflowRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      status: 'Running',
      claimedBy: workerId,
    });

    child.kill('SIGKILL');
    await once(child, 'exit');
    world.control.slowMs = 0;
    await world.startWorker({ workerId: 'survivor' });
    const run = await world.finishedRun(runId);

    expect(run).toMatchObject({ status: 'Succeeded', claimedBy: 'survivor', attempts: 2, activeRecordId: null });
    expect(run.steps.map((step) => [step.status, step.attempts])).toEqual([
      ['Succeeded', 1],
      ['Succeeded', 1],
    ]);
    // The interrupted call is made again: a step is executed at least once.
    expect(world.actionCalls.map((call) => call.action)).toEqual(['Slow', 'Slow']);
    expect(world.readOrder(2).status).toBe('after-crash');
  });
});
