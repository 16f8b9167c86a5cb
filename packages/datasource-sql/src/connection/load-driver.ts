import { MissingDriverError } from './connection-errors';

/** The driver packages, all optional peer dependencies. */
export interface DriverModules {
  pg: typeof import('pg');
  mysql2: typeof import('mysql2');
  'better-sqlite3': typeof import('better-sqlite3');
}
export type DriverName = keyof DriverModules;

const LABELS: Record<DriverName, string> = {
  pg: 'PostgreSQL',
  mysql2: 'MySQL/MariaDB',
  'better-sqlite3': 'SQLite',
};

// Literal specifiers so that bundlers keep them external (they are peer dependencies) and the
// driver is only loaded when a connection of its dialect is opened.
const IMPORTERS: { [N in DriverName]: () => Promise<unknown> } = {
  pg: () => import('pg'),
  mysql2: () => import('mysql2'),
  'better-sqlite3': () => import('better-sqlite3'),
};

/**
 * Loads a driver package at connect time.
 * @throws MissingDriverError telling which package to install when it cannot be found.
 * @internal
 */
export async function loadDriver<N extends DriverName>(
  name: N,
  importer: () => Promise<unknown> = IMPORTERS[name],
): Promise<DriverModules[N]> {
  let loaded: unknown;
  try {
    loaded = await importer();
  } catch (error) {
    if (!isModuleNotFound(error, name)) throw error;
    throw new MissingDriverError(
      `The ${LABELS[name]} driver is not installed. Add it to your project: npm install ${name} (or pnpm add ${name} / yarn add ${name}).`,
      { cause: error, details: { package: name } },
    );
  }

  return interopDefault(loaded) as DriverModules[N];
}

function isModuleNotFound(error: unknown, name: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const isNotFound = code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND';
  // A driver that is installed but fails to load one of its own files is another problem.
  return isNotFound && typeof message === 'string' && message.includes(`'${name}'`);
}

// CommonJS drivers imported from ESM (or through an interop helper) arrive under `default`.
function interopDefault(loaded: unknown): unknown {
  if (typeof loaded === 'object' && loaded !== null && 'default' in loaded) {
    const inner = (loaded as { default: unknown }).default;
    if (inner !== undefined && inner !== null) return inner;
  }
  return loaded;
}
