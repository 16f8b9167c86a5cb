// Shared tsup settings: ESM + CJS + .d.ts, one entry per public subpath.
/** @param {Partial<import('tsup').Options>} overrides */
export function createTsupConfig(overrides = {}) {
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
    ...overrides,
  };
}
