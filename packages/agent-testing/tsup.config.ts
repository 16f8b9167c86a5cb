import { defineConfig } from 'tsup';
import { createTsupConfig } from '../../tooling/tsup.base.mjs';

export default defineConfig(createTsupConfig());
