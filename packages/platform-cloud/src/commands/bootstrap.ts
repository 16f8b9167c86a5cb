import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { UsageError } from '../cli/cli-errors';
import type { CliIo } from '../cli/cli-io';
import { openSession, readLoginState } from '../credentials/session';
import { createCloudApi } from '../platform/cloud-api';
import { findEnvironment } from '../platform/find-environment';
import { projectFiles } from '../project/templates';
import { exampleField } from '../typings/example-field';
import { TYPINGS_FILE } from '../typings/project-typings';
import { type CommonOptions, environmentPath, outputOf, withCommonOptions } from './command-context';
import { fetchIntrospection, updateTypings } from './update-typings';

/** Where `bootstrap` creates the project when no directory is given. */
export const DEFAULT_PROJECT_DIRECTORY = 'cloud-customizer';

interface BootstrapOptions extends CommonOptions {
  readonly envSecret: string;
  readonly force?: boolean;
}

export function registerBootstrap(program: Command, io: CliIo): void {
  withCommonOptions(
    program
      .command('bootstrap')
      .description('Create a customization project for the cloud environment of a secret, typed against its database')
      .argument('[directory]', 'where to create it', DEFAULT_PROJECT_DIRECTORY)
      .requiredOption('--env-secret <secret>', "the environment's secret (an operator gives it with cloud enable)")
      .option('--force', 'write into a directory that is not empty (files of the same name are replaced)'),
  ).action(async (directoryArgument: string, options: BootstrapOptions) => {
    const output = outputOf(io, options);
    const directory = path.resolve(io.cwd, directoryArgument);
    if (!options.force && (await isNonEmptyDirectory(directory))) {
      throw new UsageError(`${directory} is not empty: choose another directory, or pass --force`);
    }
    const state = await readLoginState(io, { option: options.platformUrl });
    const session = openSession(state);
    const api = createCloudApi(session);
    const environment = await output.step('Looking up the environment', () => findEnvironment(api, options.envSecret));
    const introspection = await fetchIntrospection(api, environment, output);
    // Loaded here, not with the program: only the commands that build an agent load the data source.
    const { parseIntrospection } = await import('@platform/datasource-sql');

    const files = projectFiles({
      directory,
      environment,
      environmentSecret: options.envSecret,
      platformUrl: session.platformUrl,
      example: exampleField(parseIntrospection(introspection.introspection)),
    });
    for (const [file, content] of Object.entries(files)) {
      const target = path.join(directory, file);
      await mkdir(path.dirname(target), { recursive: true });
      // `.env` holds the secret: readable by its owner only.
      await writeFile(target, content, { mode: file === '.env' ? 0o600 : 0o644 });
    }
    await updateTypings({ api, environment, directory, output, introspection });

    const relative = path.relative(io.cwd, directory) || '.';
    output.result(
      { directory, environment, files: [...Object.keys(files), TYPINGS_FILE].sort() },
      [
        `Created ${relative} for ${environmentPath(environment)}. Next:`,
        `  cd ${relative} && npm install`,
        '  edit src/index.ts, then: npm run update-typings && npm run publish',
      ].join('\n'),
    );
  });
}

async function isNonEmptyDirectory(directory: string): Promise<boolean> {
  try {
    return (await readdir(directory)).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') throw new UsageError(`${directory} is a file`);
    throw error;
  }
}
