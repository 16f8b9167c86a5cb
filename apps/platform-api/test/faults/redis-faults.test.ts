import { setTimeout as sleep } from 'node:timers/promises';
import type { TestDatabase } from '@platform/tooling/test-services';
import { createMigratedPostgresDatabase } from '../helpers/postgres-template';
import { describeWithPrivateServer } from './helpers/describe-with-private-server';
import {
  type FaultPlatform,
  type FaultWorld,
  faultCalls,
  seedFaultWorld,
  startFaultPlatform,
} from './helpers/fault-platform';
import { countByStatus, type Outcome, startLoad } from './helpers/load';
import { type PrivateRedis, privateRedisUnavailableReason, startPrivateRedis } from './helpers/private-redis';
import { type StandInAgent, startStandInAgent } from './helpers/stand-in-agent';

const OUTAGE_MS = 3_000;

/**
 * The rate limiters' Redis (REDIS_URL, a private redis-server) stopped while public API and webhook
 * calls flow, then started again. The documented choice (passOnStoreError): requests pass
 * uncounted, the outage is logged once, counting resumes when Redis is back.
 */
describeWithPrivateServer(
  ['postgres', 'redis'],
  privateRedisUnavailableReason(),
  'platform-api when the rate limiters’ Redis stops, then comes back',
  () => {
    let redis: PrivateRedis;
    let database: TestDatabase;
    let agent: StandInAgent;
    let platform: FaultPlatform;
    let seeded: FaultWorld;
    let outcomes: readonly Outcome[];
    let stoppedAt = 0;
    let restartedAt = 0;
    const counted = (outcome: Outcome) => outcome.rateLimitRemaining !== null;

    beforeAll(async () => {
      redis = await startPrivateRedis();
      database = await createMigratedPostgresDatabase('platform_faults');
      agent = await startStandInAgent();
      platform = await startFaultPlatform(database.uri, { REDIS_URL: redis.url });
      seeded = await seedFaultWorld(platform.server.context, agent.url);

      const calls = faultCalls(() => platform.server.url, seeded);
      const load = startLoad([calls.listNotes, calls.trigger], { concurrency: 4 });
      await sleep(500);
      await redis.stop();
      stoppedAt = Date.now();
      await sleep(OUTAGE_MS);
      await redis.start();
      restartedAt = Date.now();
      const deadline = Date.now() + 5_000;
      while (!load.outcomes.some((outcome) => outcome.startedAt > restartedAt && counted(outcome))) {
        if (Date.now() > deadline) break;
        await sleep(20);
      }
      await sleep(500);
      outcomes = await load.stop();
    });
    afterAll(async () => {
      await platform?.close();
      await agent?.close();
      await database?.drop();
      await redis?.close();
    });

    const duringOutage = () =>
      outcomes.filter((outcome) => outcome.startedAt > stoppedAt + 100 && outcome.endedAt < restartedAt);

    test('lets every request pass, uncounted, while Redis is down', () => {
      const during = duringOutage();

      expect(outcomes.filter(counted).length).toBeGreaterThan(0);
      expect(during.length).toBeGreaterThanOrEqual(5);
      expect(countByStatus(during)).toEqual(countByStatus(during.filter((o) => o.status === 200 || o.status === 202)));
      expect(during.filter(counted)).toEqual([]);
    });

    test('answers as fast while Redis is down as before, without waiting for it', () => {
      const before = outcomes.filter((outcome) => outcome.endedAt < stoppedAt);

      // Relative to the same load before the outage: CI machines are slow in their own ways.
      expect(median(latencies(duringOutage()))).toBeLessThan(median(latencies(before)) * 2 + 50);
    });

    test('logs the outage once, not per request, and its end once', () => {
      const errors = platform.logs.lines.filter((line) => line.level >= 50);

      expect(errors.map((line) => line.msg)).toEqual([
        'Redis is unreachable: rate limits are not counted, requests pass, until it is back',
      ]);
      expect(platform.logs.matching(/^Redis is reachable again/)).toHaveLength(1);
    });

    test('counts requests again once Redis is back', async () => {
      const calls = faultCalls(() => platform.server.url, seeded);
      const first = await calls.listNotes.send(0);
      const second = await calls.listNotes.send(0);

      expect(outcomes.some((outcome) => outcome.startedAt > restartedAt && counted(outcome))).toBe(true);
      expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(
        Number(first.headers.get('x-ratelimit-remaining')) - 1,
      );
    });
  },
);

const latencies = (outcomes: readonly Outcome[]) => outcomes.map((outcome) => outcome.endedAt - outcome.startedAt);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
