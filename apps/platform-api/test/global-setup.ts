import { ensurePGliteTemplate, TEMPLATE_ENV } from './helpers/pglite-template';

const presetGlobalSetup = require('../../../tooling/jest/global-setup.cjs') as () => Promise<void>;

/**
 * The preset's setup (probes PostgreSQL, MariaDB, Redis), then the migrated PGlite template that
 * `createTestContext('pglite')` clones. Workers start after this and inherit the environment.
 */
// biome-ignore lint/style/noDefaultExport: jest loads a global setup module's default export.
export default async function globalSetup(): Promise<void> {
  await presetGlobalSetup();
  process.env[TEMPLATE_ENV] = await ensurePGliteTemplate();
}
