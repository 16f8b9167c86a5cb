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
import { type PrivateRedis, privateRedisUnavailableReason, startPrivateRedis } from './helpers/private-redis';
import { type StandInAgent, startStandInAgent } from './helpers/stand-in-agent';

/** platform-api started while the rate limiters' Redis is down, then Redis starts. */
describeWithPrivateServer(
  ['postgres', 'redis'],
  privateRedisUnavailableReason(),
  'platform-api started while the rate limiters’ Redis is down',
  () => {
    let redis: PrivateRedis;
    let database: TestDatabase;
    let agent: StandInAgent;
    let platform: FaultPlatform;
    let seeded: FaultWorld;

    beforeAll(async () => {
      redis = await startPrivateRedis();
      await redis.stop();
      database = await createMigratedPostgresDatabase('platform_faults');
      agent = await startStandInAgent();
      platform = await startFaultPlatform(database.uri, { REDIS_URL: redis.url });
      seeded = await seedFaultWorld(platform.server.context, agent.url);
    });
    afterAll(async () => {
      await platform?.close();
      await agent?.close();
      await database?.drop();
      await redis?.close();
    });

    test('serves uncounted, then counts once Redis starts', async () => {
      const { listNotes } = faultCalls(() => platform.server.url, seeded);
      const whileDown = await listNotes.send(0);
      await redis.start();
      const deadline = Date.now() + 10_000;
      let remaining: string | null = null;
      while (remaining === null && Date.now() < deadline) {
        remaining = (await listNotes.send(0)).headers.get('x-ratelimit-remaining');
        await sleep(100);
      }

      expect(whileDown.status).toBe(200);
      expect(whileDown.headers.get('x-ratelimit-remaining')).toBeNull();
      expect(remaining).not.toBeNull();
    });
  },
);
