import { defineConfig } from 'tsup';
import { createTsupConfig } from '../../tooling/tsup.base.mjs';

// The library entry (types and `run`) and the bin (dist/cli.cjs). openid-client and its
// dependencies ship ESM only: they are bundled into the CommonJS output (tooling/tsup.base.mjs).
// The MongoDB connection type is inlined into the .d.ts (`dts.resolve`), so installing this
// package installs neither the MongoDB data source nor its driver.
export default defineConfig(
  createTsupConfig(
    {
      entry: { index: 'src/index.ts', cli: 'src/cli/main.ts' },
      dts: { entry: { index: 'src/index.ts' }, resolve: ['@platform/datasource-mongo'] },
    },
    { bundleInCjs: ['openid-client', 'oauth4webapi', 'jose'] },
  ),
);
