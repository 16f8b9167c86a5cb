import { isBuiltin } from 'node:module';
import { compileFunction } from 'node:vm';
import { bundleFileName } from './describe-error';

/** What a bundle's module exports: the customization function, called with the agent. */
export type Customization = (agent: unknown) => unknown;

/** The modules a bundle may require by name: the hosted agent's own copies (one instance each). */
export type HostModules = Readonly<Record<string, () => unknown>>;

/** A bundle could not be loaded: it threw, required a module the host does not provide, or exports no function. */
export class BundleLoadError extends Error {
  override readonly name = 'BundleLoadError';
}

/**
 * Evaluates a CommonJS bundle (esbuild's output of the customer's entry point) and returns its
 * customization function: `module.exports.default`, else `module.exports.customize`, else
 * `module.exports` itself. `require` gives the host's modules for `@platform/*` names and Node's
 * built-in modules; any other name throws, since the bundle was built to contain everything else.
 * @throws BundleLoadError, or what the bundle's top level throws.
 */
export function loadBundle(code: string, version: number, hostModules: HostModules): Customization {
  const filename = bundleFileName(version);
  const module = { exports: {} as unknown };
  const require = (specifier: string): unknown => {
    const host = hostModules[specifier];
    if (host !== undefined) return host();
    if (isBuiltin(specifier)) return nodeRequire(specifier);
    throw new BundleLoadError(
      `Cannot require '${specifier}': a bundle may require ${Object.keys(hostModules).join(', ')} and Node's ` +
        'built-in modules; bundle every other package into it.',
    );
  };
  const evaluate = compileFunction(code, ['exports', 'require', 'module', '__filename', '__dirname'], { filename });
  evaluate(module.exports, require, module, filename, '.');

  const exported = module.exports as { default?: unknown; customize?: unknown } | null;
  const candidate = exported?.default ?? exported?.customize ?? exported;
  if (typeof candidate !== 'function') {
    throw new BundleLoadError(
      'The bundle exports no customization function: export default (agent) => { … }, or export function customize(agent).',
    );
  }
  return candidate as Customization;
}

// The child's own require, for built-in modules only.
const nodeRequire = require;
