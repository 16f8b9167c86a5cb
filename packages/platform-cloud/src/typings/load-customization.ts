import { createRequire } from 'node:module';
import path from 'node:path';
import type { Agent } from '@platform/agent';
import { BuildError } from '../cli/cli-errors';

/** What a customization project exports (its default export, or `customize`). */
export type Customization = (agent: Agent) => void | Promise<void>;

/**
 * Evaluates a bundle (CommonJS, `@platform/*` external) and returns its customization function.
 * `require('@platform/agent')` and `require('@platform/datasource-sql')` give this CLI's own
 * copies, the ones the schema-only agent is built from (as the hosted agent gives its own);
 * anything else resolves from the project's `node_modules`.
 * @throws BuildError when the code throws at load or exports no function.
 */
export async function loadCustomization(code: string, projectDirectory: string): Promise<Customization> {
  const provided: Record<string, unknown> = {
    '@platform/agent': await import('@platform/agent'),
    '@platform/datasource-sql': await import('@platform/datasource-sql'),
  };
  const projectRequire = createRequire(path.join(projectDirectory, 'package.json'));
  const requireForBundle = (id: string): unknown => provided[id] ?? projectRequire(id);
  const filename = path.join(projectDirectory, 'src', 'index.ts');
  const module: { exports: Record<string, unknown> } = { exports: {} };
  try {
    // A function made in this realm (not vm's), so values the customization makes are ordinary ones.
    const evaluate = new Function(
      'exports',
      'require',
      'module',
      '__filename',
      '__dirname',
      `${code}\n//# sourceURL=${filename}`,
    );
    evaluate(module.exports, requireForBundle, module, filename, path.dirname(filename));
  } catch (error) {
    throw new BuildError(`src/index.ts threw when loaded: ${messageOf(error)}`, { cause: error });
  }
  return customizationOf(module.exports);
}

/** The default export (esbuild's `exports.default`), else `customize`. */
export function customizationOf(exports: Record<string, unknown>): Customization {
  const candidate = exports.default ?? exports.customize;
  if (typeof candidate !== 'function') {
    throw new BuildError(
      'src/index.ts exports no customization: export default function customize(agent: Agent) { ... }',
    );
  }
  return candidate as Customization;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
