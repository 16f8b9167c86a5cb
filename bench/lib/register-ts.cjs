// Minimal TypeScript loader for the benchmarks: compiles required .ts files with swc to CommonJS.
const { readFileSync } = require('node:fs');

const swc = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = swc.transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
