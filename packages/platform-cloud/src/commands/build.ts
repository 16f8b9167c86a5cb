import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_BUNDLE_BYTES } from '@platform/platform-contract';
import type { Command } from 'commander';
import { bundleProject, type ProjectBundle } from '../build/bundle-project';
import { typecheckProject } from '../build/typecheck-project';
import { BuildError } from '../cli/cli-errors';
import type { CliIo } from '../cli/cli-io';
import type { Output } from '../cli/output';
import { loadCustomization } from '../typings/load-customization';
import { type CommonOptions, outputOf, withCommonOptions } from './command-context';

/** Where `build` writes the bundle, relative to the project. */
export const BUNDLE_FILE = 'dist/index.cjs';

export function registerBuild(program: Command, io: CliIo): void {
  withCommonOptions(
    program
      .command('build')
      .description(`Type-check the project and bundle src/index.ts into ${BUNDLE_FILE}, as publish uploads it`),
  ).action(async (options: CommonOptions) => {
    const output = outputOf(io, options);
    const bundle = await buildProject(io.cwd, output);
    const file = path.join(io.cwd, BUNDLE_FILE);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bundle.code);
    output.result(
      { file, size: bundle.size, checksum: bundle.checksum },
      `Wrote ${BUNDLE_FILE} (${formatSize(bundle.size)}, sha256 ${bundle.checksum.slice(0, 12)}).`,
    );
  });
}

/**
 * What `build` and `publish` share: `tsc --noEmit`, then the esbuild bundle, checked to be under
 * the platform's size limit and to export a customization function.
 */
export async function buildProject(directory: string, output: Output): Promise<ProjectBundle> {
  await output.step('Type-checking', () => typecheckProject(directory));
  const bundle = await output.step('Bundling', () => bundleProject(directory));
  if (bundle.size > MAX_BUNDLE_BYTES) {
    throw new BuildError(
      `the bundle is ${formatSize(bundle.size)}, over the ${formatSize(MAX_BUNDLE_BYTES)} the platform accepts: import less (the hosted agent provides the @platform/* packages)`,
    );
  }
  // Loading it runs its top level and finds its function: a bundle the hosted agent could not
  // load is refused here, before it is uploaded.
  await loadCustomization(bundle.code, directory);
  return bundle;
}

export function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
