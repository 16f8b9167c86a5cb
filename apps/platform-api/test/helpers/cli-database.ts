import type { AppContext } from '../../src/context';
import { type CliRun, runCliCaptured } from '../cli/run-cli';
import { createTestContext, type DatabaseKind } from './test-context';

/**
 * A migrated test database that in-process CLI runs use instead of opening the one their
 * environment names; test/cli/bin.test.ts checks that the real bin opens that one.
 */
export interface CliDatabase {
  readonly env: NodeJS.ProcessEnv;
  withContext<T>(work: (context: AppContext) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openCliDatabase(kind: DatabaseKind): Promise<CliDatabase> {
  const testContext = await createTestContext(kind);
  const { database } = testContext.context.config;
  const databaseEnv =
    database.kind === 'postgres' ? { DATABASE_URL: database.url } : { PLATFORM_DATA_DIR: database.dataDir };
  return {
    env: { PLATFORM_MIGRATE_ON_START: 'false', PLATFORM_LOG_LEVEL: 'silent', ...databaseEnv },
    withContext: (work) => work(testContext.context),
    close: () => testContext.close(),
  };
}

/** Runs `platform-api <argv>` in-process on `database`, capturing its output; `env` adds variables. */
export function runCliOn(database: CliDatabase, argv: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return database.withContext((context) => runCliInContext(context, argv, { ...database.env, ...env }));
}

/**
 * Runs `platform-api <argv>` in-process on the database `context` holds open (a server's, in tests
 * that run the CLI beside it), capturing its output; `env` adds variables.
 */
export function runCliInContext(
  context: AppContext,
  argv: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<CliRun> {
  return runCliCaptured(argv, { PLATFORM_MIGRATE_ON_START: 'false', ...env }, async () => ({
    prisma: context.prisma,
    close: async () => {},
  }));
}
