import { defineConfig } from 'tsup';
import { createTsupConfig } from '../../tooling/tsup.base.mjs';

// One CommonJS entry for `npm start`; the workspace packages are loaded from their own builds.
export default defineConfig(createTsupConfig({ entry: { main: 'src/main.ts' }, format: ['cjs'], dts: false }));
