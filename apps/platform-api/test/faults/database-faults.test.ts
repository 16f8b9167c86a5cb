import { setTimeout as sleep } from 'node:timers/promises';
import { describeWithService, postgresUri, type TestDatabase } from '@platform/tooling/test-services';
import { publishAgentEvent } from '../../src/agent-events/agent-events';
import { isDatabaseConnectionError } from '../../src/db/connection-errors';
import { RUN_QUEUED_CHANNEL } from '../../src/workflows/executor/run-signal';
import { createMigratedPostgresDatabase } from '../helpers/postgres-template';
import { type EventStream, openEventStream } from './helpers/event-stream';
import {
  type FaultPlatform,
  type FaultWorld,
  faultCalls,
  seedFaultWorld,
  startFaultPlatform,
} from './helpers/fault-platform';
import { countByStatus, type Outcome, startLoad } from './helpers/load';
import { accountRuns, NOTHING_LOST_OR_RUN_TWICE, type SettledRun, settledRuns } from './helpers/run-accounting';
import { type StandInAgent, startStandInAgent } from './helpers/stand-in-agent';
import { listeningConnectionsWithin, terminateBackends } from './helpers/terminate-backends';

/**
 * `pg_terminate_backend` on every connection of platform-api's database (its pool, the LISTEN
 * connections of the worker and of the agents' events) while notes listings, agent routes and
 * webhook calls flow, as a failover or an operator would.
 */
describeWithService('postgres', 'platform-api when PostgreSQL terminates its connections [postgres]', () => {
  let database: TestDatabase;
  let agent: StandInAgent;
  let platform: FaultPlatform;
  let seeded: FaultWorld;
  const terminate = () => terminateBackends(postgresUri(), database.name);

  beforeAll(async () => {
    database = await createMigratedPostgresDatabase('platform_faults');
    agent = await startStandInAgent();
    platform = await startFaultPlatform(database.uri);
    seeded = await seedFaultWorld(platform.server.context, agent.url);
  });
  afterAll(async () => {
    await platform?.close();
    await agent?.close();
    await database?.drop();
  });

  describe('under load', () => {
    let outcomes: readonly Outcome[];
    let runs: SettledRun[];
    let terminated = 0;
    let lastTerminationAt = 0;

    beforeAll(async () => {
      const calls = faultCalls(() => platform.server.url, seeded);
      const load = startLoad([calls.listNotes, calls.agentUsers, calls.trigger], { concurrency: 6 });
      await sleep(300);
      for (let round = 0; round < 5; round++) {
        terminated += await terminate();
        await sleep(250);
      }
      lastTerminationAt = Date.now();
      await sleep(2_000);
      outcomes = await load.stop();
      runs = await settledRuns(platform.server.context.prisma, seeded.workflowId, 20_000);
    });

    test('answers the requests the terminations hit with 503 service_unavailable, never a 500', () => {
      const failed = outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 202);

      expect(terminated).toBeGreaterThan(0);
      expect(failed.length).toBeGreaterThan(0);
      expect(countByStatus(failed)).toEqual({ '503': failed.length });
      for (const outcome of failed) {
        expect(outcome).toMatchObject({
          retryAfter: '2',
          body: { code: 'service_unavailable', message: expect.stringMatching(/^The database is unreachable/) },
        });
      }
      expect(platform.logs.matching(/unexpected error/)).toEqual([]);
      // One outage line for the whole burst (the next would come 30 s later), not one per 503.
      expect(platform.logs.matching(/the database is unreachable: answering 503/)).toHaveLength(1);
    });

    test('answers every request sent after the last termination, without a restart', () => {
      const later = outcomes.filter((outcome) => outcome.startedAt > lastTerminationAt + 50);

      expect(later.length).toBeGreaterThanOrEqual(6);
      expect(countByStatus(later)).toEqual(countByStatus(later.filter((outcome) => outcome.status !== 503)));
      expect(new Set(later.map((outcome) => outcome.status))).toEqual(new Set([200, 202]));
    });

    test('runs each accepted webhook call exactly once, and creates no run for a refused one', () => {
      expect(runs.length).toBeGreaterThanOrEqual(3);
      expect(accountRuns(outcomes, runs, agent.updates)).toEqual(NOTHING_LOST_OR_RUN_TWICE);
    });

    test('gets the workflow worker LISTENing again by itself', async () => {
      const listening = await listeningConnectionsWithin(postgresUri(), database.name, RUN_QUEUED_CHANNEL, 5_000);

      expect(listening).toBe(1);
    });
  });

  describe("an agent's event stream", () => {
    let streams: EventStream[] = [];
    afterEach(() => {
      for (const stream of streams) stream.close();
      streams = [];
    });
    const open = async () => {
      const stream = await openEventStream(platform.server.url, seeded.world.envSecret);
      streams.push(stream);
      return stream;
    };
    const eventually = async (isDone: () => boolean, withinMs = 5_000) => {
      const deadline = Date.now() + withinMs;
      while (!isDone() && Date.now() < deadline) await sleep(20);
      return isDone();
    };

    test('ends when its LISTEN connection is terminated, and a new stream gets events again', async () => {
      const before = await open();
      let hasEnded = false;
      void before.ended.then(() => {
        hasEnded = true;
      });
      expect(before.status).toBe(200);

      await terminate();
      expect(await eventually(() => hasEnded)).toBe(true);
      // The pool's other connections died too: the first statement on one of them fails (a 503 for
      // the stream, an error for the notify) and the pool replaces it, so both try again, as the
      // agent (reconnecting with back-off) and the services' callers do.
      let after = await open();
      for (let attempt = 1; after.status === 503 && attempt < 5; attempt++) after = await open();
      await retryOnConnectionError(() =>
        publishAgentEvent(platform.server.context, seeded.world.environment.id, 'refresh-users'),
      );

      expect(after.status).toBe(200);
      expect(await eventually(() => after.events.length > 0)).toBe(true);
      expect(after.events).toEqual(['refresh-users']);
    });
  });
});

async function retryOnConnectionError(statement: () => Promise<void>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if (attempt >= attempts || !isDatabaseConnectionError(error)) throw error;
    }
  }
}
