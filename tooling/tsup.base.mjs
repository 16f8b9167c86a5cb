// Shared tsup settings: ESM + CJS + .d.ts, one entry per public subpath.
//
// The CommonJS build is what jest's default runtime (CommonJS, no --experimental-vm-modules)
// loads in a customer's project, so it must not reach ESM at run time: a dynamic `import()` of an
// optional driver becomes `require()` there (`dynamic-import: false`), and the ESM-only
// dependencies listed in `bundleInCjs` are bundled into it (the ESM build keeps importing them).
/**
 * @param {Partial<import('tsup').Options>} overrides
 * @param {{ bundleInCjs?: string[] }} [build]
 */
export function createTsupConfig(overrides = {}, build = {}) {
  const bundledInCjs = build.bundleInCjs ?? [];
  return {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    platform: 'node',
    splitting: false,
    treeshake: true,
    outExtension: ({ format }) => ({ js: format === 'esm' ? '.mjs' : '.cjs' }),
    noExternal: bundledInCjs,
    // `format` is the output's: with `treeshake` esbuild builds ESM for both, then rollup writes CJS.
    esbuildOptions(options, { format }) {
      if (format === 'cjs') options.supported = { ...options.supported, 'dynamic-import': false };
      if (format === 'esm') options.external = [...(options.external ?? []), ...bundledInCjs];
    },
    ...overrides,
  };
}
