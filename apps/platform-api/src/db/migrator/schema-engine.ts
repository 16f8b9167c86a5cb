import path from 'node:path';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';

type EngineBindings = typeof import('@prisma/schema-engine-wasm');
interface LoaderModule {
  loadSchemaEngine(): Promise<EngineBindings>;
}

// A real `import()` hidden from the compilers: swc (jest) and esbuild (tsup) would turn a literal
// `import()` into `require()`, which cannot load the ESM-only engine. Under jest this needs
// NODE_OPTIONS=--experimental-vm-modules, which the package's test script sets.
// The source is made unique per module instance: V8 reuses the compiled function for identical
// source, and with it the first jest test file's (torn-down) module environment for `import()`.
const importEsm = new Function('specifier', `return import(specifier); // ${Math.random()}`) as (
  specifier: string,
) => Promise<unknown>;

// tsup copies this file next to dist/cli.cjs, so the same relative path works from src/ and dist/.
const LOADER_FILE = 'load-schema-engine.mjs';

async function loadBindings(): Promise<EngineBindings> {
  const loader = (await importEsm(path.join(__dirname, LOADER_FILE))) as LoaderModule;
  return loader.loadSchemaEngine();
}

/**
 * Opens the WebAssembly schema engine (the engine behind `prisma migrate`) over a driver adapter,
 * runs `work`, then frees the engine. The caller owns the database connection behind `factory`.
 */
export async function withSchemaEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  schema: { path: string; content: string },
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const { SchemaEngine } = await loadBindings();
  const engine = await SchemaEngine.new(
    { datamodels: [[schema.path, schema.content]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(factory),
  ).catch((error: unknown) => {
    throw toEngineError(error);
  });
  try {
    return await work(engine).catch((error: unknown) => {
      throw toEngineError(error);
    });
  } finally {
    engine.free();
  }
}

/** The engine rejects with plain objects or strings; turn them into an Error with a readable message. */
function toEngineError(error: unknown): Error {
  if (error instanceof Error) return error;
  const message = typeof error === 'string' ? error : JSON.stringify(error);
  return new Error(`Schema engine: ${message}`, { cause: error });
}
