import { setTimeout as sleep } from 'node:timers/promises';
import { describeWithService, type TestDatabase } from '@platform/tooling/test-services';
import type { AppContext } from '../../src/context';
import { freePort } from '../helpers/free-port';
import { createMigratedPostgresDatabase } from '../helpers/postgres-template';
import { type FaultWorld, faultCalls, openSeedingContext, recordIdOf, seedFaultWorld } from './helpers/fault-platform';
import { countByStatus, type Outcome, startLoad } from './helpers/load';
import { builtBin, type PlatformProcess, spawnPlatform } from './helpers/platform-process';
import { type SettledRun, settledRuns } from './helpers/run-accounting';
import { type StandInAgent, startStandInAgent } from './helpers/stand-in-agent';

/**
 * The real bin (`platform-api start`, built) on PostgreSQL, killed or stopped while webhook calls,
 * their runs (the agent answers in 300 ms) and other requests are in flight, then started again
 * on the same port and database. Leases are 3 s (FAULT_TEST_ENV).
 */
describeWithService('postgres', 'platform-api processes killed or stopped under load [postgres]', () => {
  let database: TestDatabase;
  let agent: StandInAgent;
  let seeding: AppContext;
  let port: number;
  const running: PlatformProcess[] = [];
  // A port per block: a restart takes the port of the process it replaces.
  const start = async () => {
    const platform = await spawnPlatform({ DATABASE_URL: database.uri, PORT: String(port) });
    running.push(platform);
    return platform;
  };

  beforeAll(async () => {
    builtBin();
    database = await createMigratedPostgresDatabase('platform_faults');
    agent = await startStandInAgent();
    agent.delayMs = 300;
    seeding = openSeedingContext(database.uri);
  });
  afterAll(async () => {
    await Promise.all(running.map((platform) => platform.stop('SIGKILL')));
    await seeding?.prisma.$disconnect();
    await agent?.close();
    await database?.drop();
  });

  describe('killed with SIGKILL, then restarted', () => {
    let seeded: FaultWorld;
    let outcomes: readonly Outcome[];
    let retried: ReadonlyMap<string, number | string>;
    let runs: SettledRun[];
    let killedAt = 0;

    beforeAll(async () => {
      seeded = await seedFaultWorld(seeding, agent.url);
      agent.updates.clear();
      port = await freePort();
      let platform = await start();
      const calls = faultCalls(() => platform.url, seeded);
      const load = startLoad([calls.trigger], { concurrency: 6 });
      await sleep(1_200);
      await platform.stop('SIGKILL');
      killedAt = Date.now();
      await sleep(300);
      platform = await start();
      await sleep(300);
      outcomes = await load.stop();
      // As a caller told "retrying after a network failure is safe" (docs/workflows.md) would.
      const cut = outcomes.filter((outcome) => outcome.status === 'connection-error');
      const answers = await Promise.all(cut.map((outcome) => calls.trigger.send(outcome.sequence)));
      retried = new Map(cut.map((outcome, index) => [recordIdOf(outcome.sequence), answers[index]?.status ?? 'none']));
      runs = await settledRuns(seeding.prisma, seeded.workflowId, 20_000);
      await platform.stop('SIGTERM');
    });

    test('answers each webhook call with a 202, or not at all', () => {
      expect(countByStatus(outcomes)['connection-error']).toBeGreaterThan(0);
      expect(Object.keys(countByStatus(outcomes)).sort()).toEqual(['202', 'connection-error']);
    });

    test('answers a cut call made again with 202, or 409 when the kill came after its run was created', async () => {
      const runsBeforeKill = await seeding.prisma.workflowRun.findMany({
        where: { workflowId: seeded.workflowId, createdAt: { lt: new Date(killedAt) } },
        select: { recordId: true },
      });
      const createdBeforeKill = new Set(runsBeforeKill.map((run) => run.recordId));

      for (const [recordId, status] of retried) {
        expect({ recordId, status }).toEqual({ recordId, status: createdBeforeKill.has(recordId) ? 409 : 202 });
      }
    });

    test('has one run per record whose call got a 202, or whose call made again got a 409', () => {
      const accepted = outcomes.filter((outcome) => outcome.status === 202).map((o) => recordIdOf(o.sequence));
      const acceptedOnRetry = [...retried].filter(([, status]) => status === 202 || status === 409);

      expect(runs.map((run) => run.recordId).sort()).toEqual(
        [...accepted, ...acceptedOnRetry.map(([recordId]) => recordId)].sort(),
      );
    });

    test('finishes every run, those the kill interrupted included, none left running past its lease', () => {
      expect(runs.filter((run) => run.attempts > 1).length).toBeGreaterThan(0);
      expect(runs.filter((run) => run.status !== 'Succeeded')).toEqual([]);
    });

    test('calls the agent once per run, or once more for a run whose worker was killed mid-step', () => {
      const miscounted = runs.filter((run) => {
        const updates = agent.updates.get(run.recordId) ?? 0;
        return updates < 1 || updates > run.attempts;
      });

      expect(miscounted).toEqual([]);
    });
  });

  describe('stopped with SIGTERM', () => {
    let seeded: FaultWorld;
    let outcomes: readonly Outcome[];
    let exitCode: number | null;
    let runsAtExit: Record<string, number>;
    let runs: SettledRun[];
    let stoppedAt = 0;

    beforeAll(async () => {
      seeded = await seedFaultWorld(seeding, agent.url);
      agent.updates.clear();
      port = await freePort();
      const platform = await start();
      const calls = faultCalls(() => platform.url, seeded);
      const load = startLoad([calls.listNotes, calls.agentUsers, calls.trigger], { concurrency: 6 });
      await sleep(1_000);
      stoppedAt = Date.now();
      exitCode = await platform.stop('SIGTERM');
      outcomes = await load.stop();
      const byStatus = await seeding.prisma.workflowRun.groupBy({
        by: ['status'],
        where: { workflowId: seeded.workflowId },
        _count: true,
      });
      runsAtExit = Object.fromEntries(byStatus.map((group) => [group.status, group._count]));
      const next = await start();
      runs = await settledRuns(seeding.prisma, seeded.workflowId, 20_000);
      await next.stop('SIGTERM');
    });

    test('exits 0', () => {
      expect(exitCode).toBe(0);
    });

    test('answers every request it received, in full', () => {
      const received = outcomes.filter((outcome) => outcome.startedAt < stoppedAt - 20);

      expect(received.length).toBeGreaterThanOrEqual(5);
      expect(Object.keys(countByStatus(received)).sort()).toEqual(['200', '202']);
      expect(outcomes.filter((outcome) => outcome.status === 'incomplete')).toEqual([]);
    });

    test('finishes the runs it was executing and leaves none running', () => {
      expect(runsAtExit.Succeeded).toBeGreaterThan(0);
      expect(runsAtExit.Running).toBeUndefined();
    });

    test('leaves the runs it accepted to the next start, which runs each once', () => {
      const accepted = outcomes.filter((outcome) => outcome.call === 'webhook' && outcome.status === 202);

      expect(runs.map((run) => run.recordId).sort()).toEqual(accepted.map((o) => recordIdOf(o.sequence)).sort());
      expect(runs.filter((run) => run.status !== 'Succeeded')).toEqual([]);
      expect(runs.filter((run) => agent.updates.get(run.recordId) !== 1)).toEqual([]);
    });
  });
});
