import { defineConfig } from 'tsup';
import { createTsupConfig } from '../../tooling/tsup.base.mjs';

export default defineConfig(
  createTsupConfig({
    entry: { index: 'src/index.ts', testing: 'src/testing/index.ts' },
    // The test kit imports the package by its own name, so both entries share one copy of its classes.
    external: ['@platform/platform-contract'],
  }),
);
