// platform-api's own global setup: the preset's service probes, then the migrated PGlite (and
// PostgreSQL) templates that its test-context helper copies for each test file.
import platformApiGlobalSetup from '@platform/platform-api/test/global-setup';

// biome-ignore lint/style/noDefaultExport: jest loads a global setup module's default export.
export default platformApiGlobalSetup;
