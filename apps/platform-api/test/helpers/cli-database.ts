import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { AppContext } from '../../src/context';
import { createPGlitePrismaClient } from '../../src/db/create-prisma-client';
import { type CliRun, runCliCaptured } from '../cli/run-cli';
import { ensurePGliteTemplate, TEMPLATE_ENV } from './pglite-template';
import { createTestContext, type DatabaseKind } from './test-context';

/** A database the CLI opens by itself from its environment, and a way to look into it between runs. */
export interface CliDatabase {
  readonly env: NodeJS.ProcessEnv;
  withContext<T>(work: (context: AppContext) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openCliDatabase(kind: DatabaseKind): Promise<CliDatabase> {
  const base = { PLATFORM_MIGRATE_ON_START: 'false', PLATFORM_LOG_LEVEL: 'silent' };
  if (kind === 'postgres') {
    const testContext = await createTestContext('postgres');
    const { database } = testContext.context.config;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    return {
      env: { ...base, DATABASE_URL: database.url },
      withContext: (work) => work(testContext.context),
      close: () => testContext.close(),
    };
  }
  // PGlite allows one connection: the test opens the data directory only between CLI runs.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'platform-api-cli-identity-'));
  const template = readFileSync(process.env[TEMPLATE_ENV] ?? (await ensurePGliteTemplate()));
  await (await PGlite.create(dataDir, { loadDataDir: new Blob([template]) })).close();
  const testContext = await createTestContext('pglite');
  return {
    env: { ...base, PLATFORM_DATA_DIR: dataDir },
    async withContext(work) {
      const prisma = createPGlitePrismaClient(await PGlite.create(dataDir));
      try {
        return await work({ ...testContext.context, prisma });
      } finally {
        await prisma.$disconnect();
      }
    },
    async close() {
      await testContext.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `platform-api <argv>` in-process against `database`, capturing its output. */
export function runCliOn(database: CliDatabase, argv: readonly string[]): Promise<CliRun> {
  return runCliCaptured(argv, database.env);
}
