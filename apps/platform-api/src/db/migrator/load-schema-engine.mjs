// Loads @prisma/schema-engine-wasm by hand. The package's own entry does `import * as wasm from
// "./schema_engine_bg.wasm"`, which Node cannot import, and the package is ESM-only: this file is
// the one place that touches it, through `import()`, so the CommonJS app and jest can call it.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/** @type {Promise<typeof import('@prisma/schema-engine-wasm')> | undefined} */
let loading;

/** Returns the engine's bindings, instantiating the WebAssembly module once per process. */
export function loadSchemaEngine() {
  loading ??= instantiate();
  return loading;
}

async function instantiate() {
  const bindingsPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const bindings = await import(pathToFileURL(bindingsPath).href);
  const bytes = await readFile(path.join(path.dirname(bindingsPath), 'schema_engine_bg.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bindings });
  bindings.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return bindings;
}
