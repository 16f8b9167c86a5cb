import { describeWithService } from '@platform/tooling/test-services';
import Database from 'better-sqlite3';
import type { AppContext } from '../../../src/context';
import { createPostgresPrismaClient } from '../../../src/db/create-prisma-client';
import { createWorkflowWorker } from '../../../src/workflows/executor/workflow-worker';
import { seedRuns, seedWorkflowOnRendering } from '../../factories/workflow-factory';
import { sleep } from '../../helpers/sleep';
import { type ExecutorWorld, startExecutorWorld } from './executor-world';

// Enough for both workers to claim many runs concurrently; more only slows a loaded CI machine.
const RUNS = 400;
/** Time allowed for the runs to finish: generous, this test is about counts, never speed. */
const FINISH_WITHIN_MS = 200_000;

/**
 * Two workers, each with its own database client (as two instances would be), on one
 * PostgreSQL: `FOR UPDATE SKIP LOCKED` gives each run to exactly one of them.
 */
describeWithService('postgres', 'claiming runs from two workers [postgres]', () => {
  let world: ExecutorWorld;
  let other: AppContext;
  beforeAll(async () => {
    world = await startExecutorWorld('postgres');
    const { config } = world.platform.context;
    if (config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    other = { ...world.platform.context, prisma: createPostgresPrismaClient(config.database.url) };
    const db = new Database(world.sqliteFile);
    const insert = db.prepare('INSERT INTO orders (id, status, amount, customer) VALUES (?, ?, ?, ?)');
    db.transaction(() => {
      for (let id = 1_000; id < 1_000 + RUNS; id++) insert.run(id, 'pending', id, 'Bulk');
    })();
    db.close();
  });
  afterAll(async () => {
    await other?.prisma.$disconnect();
    await world?.close();
  });

  test(
    '400 runs are each executed exactly once',
    async () => {
      const { context, world: agentWorld } = world.platform;
      const workflow = await seedWorkflowOnRendering(context, {
        renderingId: agentWorld.rendering.id,
        steps: [
          { kind: 'read', fields: ['id'] },
          { kind: 'condition', field: 'id', operator: 'present', otherwise: 'fail' },
        ],
      });
      const recordIds = Array.from({ length: RUNS }, (_value, index) => String(1_000 + index));
      await seedRuns(context, { workflow, user: agentWorld.member, recordIds });

      const second = createWorkflowWorker(other, world.workerOptions({ workerId: 'worker-b', concurrency: 8 }));
      await Promise.all([world.startWorker({ workerId: 'worker-a', concurrency: 8 }), second.start()]);
      const deadline = Date.now() + FINISH_WITHIN_MS;
      let finished = 0;
      while (finished < RUNS && Date.now() < deadline) {
        await sleep(200);
        finished = await context.prisma.workflowRun.count({
          where: { workflowId: workflow.id, status: { in: ['Succeeded', 'Failed'] } },
        });
      }
      await second.stop();

      const byStatus = await context.prisma.workflowRun.groupBy({
        by: ['status', 'attempts'],
        where: { workflowId: workflow.id },
        _count: true,
      });
      expect(byStatus).toEqual([{ status: 'Succeeded', attempts: 1, _count: RUNS }]);
      const reads = world.agentCalls.filter((call) => call.startsWith('GET /platform/orders/'));
      expect(reads).toHaveLength(RUNS);
      expect(new Set(reads).size).toBe(RUNS);
      const readSteps = await context.prisma.workflowRunStep.aggregate({
        where: { run: { workflowId: workflow.id }, position: 0 },
        _sum: { attempts: true },
        _count: true,
      });
      expect(readSteps).toEqual({ _sum: { attempts: RUNS }, _count: RUNS });
      const byWorker = await context.prisma.workflowRun.groupBy({
        by: ['claimedBy'],
        where: { workflowId: workflow.id },
        _count: true,
      });
      expect(byWorker.map((group) => group.claimedBy).sort()).toEqual(['worker-a', 'worker-b']);
    },
    FINISH_WITHIN_MS + 20_000,
  );
});
