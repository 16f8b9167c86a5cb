import { defineConfig } from 'tsup';
import { createTsupConfig } from '../../tooling/tsup.base.mjs';

// jose 6 is ESM only: jest's CommonJS runtime cannot require it (see tooling/tsup.base.mjs).
export default defineConfig(createTsupConfig({}, { bundleInCjs: ['jose'] }));
