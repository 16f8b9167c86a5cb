import { setTimeout as sleep } from 'node:timers/promises';
import { publishAgentEvent } from '../../src/agent-events/agent-events';
import { RUN_QUEUED_CHANNEL } from '../../src/workflows/executor/run-signal';
import { describeWithPrivateServer } from './helpers/describe-with-private-server';
import { openEventStream } from './helpers/event-stream';
import {
  type FaultPlatform,
  type FaultWorld,
  faultCalls,
  seedFaultWorld,
  startFaultPlatform,
} from './helpers/fault-platform';
import { countByStatus, type Outcome, startLoad } from './helpers/load';
import {
  type PrivatePostgres,
  privatePostgresUnavailableReason,
  startPrivatePostgres,
} from './helpers/private-postgres';
import { accountRuns, NOTHING_LOST_OR_RUN_TWICE, type SettledRun, settledRuns } from './helpers/run-accounting';
import { type StandInAgent, startStandInAgent } from './helpers/stand-in-agent';
import { listeningConnectionsWithin } from './helpers/terminate-backends';

const DATABASE = 'platform_faults';
const OUTAGE_MS = 3_000;

/**
 * PostgreSQL stopped (`pg_ctl stop -m fast`) for a few seconds while notes listings, agent routes and
 * webhook calls flow, then started again: a private server in the test's temporary directory.
 * The lease is longer than the outage, so that no run changes hands.
 */
describeWithPrivateServer(
  'postgres',
  privatePostgresUnavailableReason(),
  'platform-api when PostgreSQL stops, then comes back',
  () => {
    let postgres: PrivatePostgres;
    let agent: StandInAgent;
    let platform: FaultPlatform;
    let seeded: FaultWorld;
    let outcomes: readonly Outcome[];
    let runs: SettledRun[];
    let eventsDuringOutage: number;
    let restartedAt = 0;

    beforeAll(async () => {
      postgres = await startPrivatePostgres();
      const databaseUrl = await postgres.createMigratedDatabase(DATABASE);
      agent = await startStandInAgent();
      platform = await startFaultPlatform(databaseUrl, { PLATFORM_WORKFLOW_LEASE_MS: String(OUTAGE_MS * 3) });
      seeded = await seedFaultWorld(platform.server.context, agent.url);

      const calls = faultCalls(() => platform.server.url, seeded);
      const load = startLoad([calls.listNotes, calls.agentUsers, calls.trigger], { concurrency: 4 });
      await sleep(500);
      await postgres.stop();
      await sleep(OUTAGE_MS / 2);
      const stream = await openEventStream(platform.server.url, seeded.world.envSecret);
      eventsDuringOutage = stream.status;
      stream.close();
      await sleep(OUTAGE_MS / 2);
      await postgres.start();
      restartedAt = Date.now();
      await sleep(1_500);
      outcomes = await load.stop();
      runs = await settledRuns(platform.server.context.prisma, seeded.workflowId, 20_000);
    });
    afterAll(async () => {
      await platform?.close();
      await agent?.close();
      await postgres?.close();
    });

    test('answers 503 service_unavailable while it is down, never a 500', () => {
      const failed = outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 202);

      expect(failed.length).toBeGreaterThan(0);
      expect(countByStatus(failed)).toEqual({ '503': failed.length });
      expect(eventsDuringOutage).toBe(503);
      expect(platform.logs.matching(/unexpected error/)).toEqual([]);
    });

    test('answers again once PostgreSQL is back, without a restart of its own', () => {
      const firstSuccess = outcomes.find((outcome) => outcome.status === 200 && outcome.startedAt >= restartedAt);
      const later = outcomes.filter((outcome) => outcome.startedAt > restartedAt + 1_000);

      expect(firstSuccess).toBeDefined();
      expect(later.length).toBeGreaterThan(0);
      expect(new Set(later.map((outcome) => outcome.status))).toEqual(new Set([200, 202]));
    });

    test('runs each accepted webhook call exactly once, those in flight during the outage included', () => {
      expect(runs.length).toBeGreaterThanOrEqual(3);
      expect(accountRuns(outcomes, runs, agent.updates)).toEqual(NOTHING_LOST_OR_RUN_TWICE);
    });

    test('gets the workflow worker LISTENing again by itself', async () => {
      const listening = await listeningConnectionsWithin(postgres.url(), DATABASE, RUN_QUEUED_CHANNEL, 5_000);

      expect(listening).toBe(1);
    });

    test("serves agents' event streams again", async () => {
      const stream = await openEventStream(platform.server.url, seeded.world.envSecret);
      await publishAgentEvent(platform.server.context, seeded.world.environment.id, 'refresh-permissions');
      const deadline = Date.now() + 5_000;
      while (stream.events.length === 0 && Date.now() < deadline) await sleep(20);
      stream.close();

      expect(stream.status).toBe(200);
      expect(stream.events).toEqual(['refresh-permissions']);
    });
  },
);
