import { defineConfig } from 'tsup';
import { createTsupConfig } from '../../tooling/tsup.base.mjs';

export default defineConfig(createTsupConfig({ entry: { index: 'src/index.ts' } }));
