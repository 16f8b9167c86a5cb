import { copyFileSync } from 'node:fs';
import { defineConfig } from 'tsup';
import { createTsupConfig } from '../../tooling/tsup.base.mjs';

// One CommonJS bundle for the `platform-api` bin, and one for the hosted agent process that
// `platform-api cloud-runner` forks (src/cloud/runner/child/). The schema engine's ESM loader is
// not bundled: it is copied beside the bundle, where src/db/migrator/schema-engine.ts looks for it.
export default defineConfig(
  createTsupConfig({
    entry: { cli: 'src/cli/main.ts', 'cloud-agent': 'src/cloud/runner/child/cloud-agent-main.ts' },
    format: ['cjs'],
    dts: false,
    onSuccess: async () => {
      copyFileSync('src/db/migrator/load-schema-engine.mjs', 'dist/load-schema-engine.mjs');
    },
  }),
);
