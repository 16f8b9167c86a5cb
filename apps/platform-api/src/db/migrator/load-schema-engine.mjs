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
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': withUnrefTimers(bindings) });
  bindings.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return bindings;
}

/**
 * The engine arms a 10 s timer around each operation on PostgreSQL (the migration lock) and never
 * clears it, which kept `platform-api migrate` and jest alive for 10 s after finishing. Its timers
 * are unref'd: while an operation runs, its database socket keeps the process alive anyway.
 */
function withUnrefTimers(bindings) {
  const imports = { ...bindings };
  for (const name of Object.keys(bindings).filter((key) => key.startsWith('__wbg_setTimeout_'))) {
    imports[name] = (...args) => {
      const timer = bindings[name](...args);
      timer?.unref?.();
      return timer;
    };
  }
  return imports;
}
