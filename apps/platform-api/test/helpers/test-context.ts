/**
 * A fresh platform-api for one test file, on a database of its own.
 *
 *   import { createTestContext, describeEachDatabase } from './test-context';
 *
 *   describeEachDatabase('tokens routes', (kind) => {
 *     let test: TestContext;
 *     beforeAll(async () => { test = await createTestContext(kind); });
 *     afterAll(() => test.close());
 *
 *     it('lists nothing at first', async () => {
 *       await request(test.app).get('/v1/tokens').expect(401);
 *       await test.context.prisma.user.create({ data: { ... } });
 *     });
 *   });
 *
 * `pglite`: an in-memory copy of the migrated PGlite template (test/helpers/pglite-template.ts).
 * `postgres`: a new database on the shared PostgreSQL, copied from the migrated template database
 * (test/helpers/postgres-template.ts), dropped at close. Run through `pnpm test -- <path>`: PGlite needs NODE_OPTIONS=--experimental-vm-modules,
 * which the package's test script sets.
 */
import { describeWithService } from '@platform/tooling/test-services';
import type express from 'express';
import pino from 'pino';
import { createApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config/config';
import type { AppContext } from '../../src/context';
import { createPGlitePrismaClient, createPostgresPrismaClient } from '../../src/db/create-prisma-client';
import type { PrismaClient } from '../../src/generated/prisma/client';
import { clonePGliteTemplate } from './pglite-template';
import { createMigratedPostgresDatabase } from './postgres-template';

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestContext {
  readonly context: AppContext;
  readonly app: express.Express;
  /** Disconnects Prisma, closes PGlite or drops the PostgreSQL database. Call it in afterAll. */
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Extra environment variables for `loadConfig` (e.g. PLATFORM_OIDC_ISSUER). */
  readonly env?: Readonly<Record<string, string>>;
  /** The clock; defaults to the real one. */
  readonly now?: () => Date;
  /** Log level of `context.logger`; defaults to PLATFORM_TEST_LOG_LEVEL or `silent`. */
  readonly logLevel?: pino.LevelWithSilent;
}

export async function createTestContext(kind: DatabaseKind, options: TestContextOptions = {}): Promise<TestContext> {
  const database = await openTestDatabase(kind);
  const baseConfig = loadConfig({ PLATFORM_MIGRATE_ON_START: 'false', ...options.env });
  const config: Config = { ...baseConfig, database: database.config };
  const logger = pino({ level: options.logLevel ?? process.env.PLATFORM_TEST_LOG_LEVEL ?? 'silent' });
  const context: AppContext = { prisma: database.prisma, config, logger, now: options.now ?? (() => new Date()) };

  return {
    context,
    app: createApp(context),
    close: database.close,
  };
}

/** Runs the block once on PGlite and once on PostgreSQL (skipped, or failing under PLATFORM_REQUIRE_SERVICES=1, when it is down). */
export function describeEachDatabase(name: string, fn: (kind: DatabaseKind) => void): void {
  describe(`${name} [pglite]`, () => fn('pglite'));
  describeWithService('postgres', `${name} [postgres]`, () => fn('postgres'));
}

interface TestDatabase {
  readonly prisma: PrismaClient;
  readonly config: Config['database'];
  close(): Promise<void>;
}

async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const prisma = createPGlitePrismaClient(await clonePGliteTemplate());
    return {
      prisma,
      config: { kind: 'embedded', dataDir: ':memory:' },
      close: () => prisma.$disconnect(),
    };
  }

  const database = await createMigratedPostgresDatabase('platform_api');
  const prisma = createPostgresPrismaClient(database.uri);
  return {
    prisma,
    config: { kind: 'postgres', url: database.uri },
    async close() {
      await prisma.$disconnect();
      await database.drop();
    },
  };
}
