import { ensurePGliteTemplate, TEMPLATE_ENV } from './helpers/pglite-template';
import { ensurePostgresTemplate, POSTGRES_TEMPLATE_ENV } from './helpers/postgres-template';

const presetGlobalSetup = require('../../../tooling/jest/global-setup.cjs') as () => Promise<void>;

/**
 * The preset's setup (probes PostgreSQL, MariaDB, Redis), then the migrated templates that
 * `createTestContext` copies: a PGlite data directory, and a PostgreSQL database when it is up. Workers start after this and inherit the environment.
 */
// biome-ignore lint/style/noDefaultExport: jest loads a global setup module's default export.
export default async function globalSetup(): Promise<void> {
  await presetGlobalSetup();
  process.env[TEMPLATE_ENV] = await ensurePGliteTemplate();
  const postgresTemplate = await ensurePostgresTemplate();
  if (postgresTemplate) process.env[POSTGRES_TEMPLATE_ENV] = postgresTemplate;
}
