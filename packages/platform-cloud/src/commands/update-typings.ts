import path from 'node:path';
import type { CloudEnvironment, CloudIntrospectionResponse } from '@platform/platform-contract';
import { type Command, InvalidArgumentError } from 'commander';
import { bundleProject } from '../build/bundle-project';
import { PlatformRequestError } from '../cli/cli-errors';
import type { CliIo } from '../cli/cli-io';
import type { Output } from '../cli/output';
import type { CloudApi } from '../platform/cloud-api';
import { loadCustomization } from '../typings/load-customization';
import { DEFAULT_TYPINGS_MAX_DEPTH, TYPINGS_FILE, writeProjectTypings } from '../typings/project-typings';
import {
  type CommonOptions,
  environmentPath,
  openProjectSession,
  outputOf,
  withCommonOptions,
} from './command-context';

interface UpdateTypingsOptions extends CommonOptions {
  readonly maxDepth: number;
}

export function registerUpdateTypings(program: Command, io: CliIo): void {
  withCommonOptions(
    program
      .command('update-typings')
      .description(
        `Regenerate ${TYPINGS_FILE} from the database structure the hosted agent read and the customization in src/index.ts`,
      )
      .option(
        '--max-depth <n>',
        'how many to-one relations deep the typings list relation:field paths (0-10)',
        parseDepth,
        DEFAULT_TYPINGS_MAX_DEPTH,
      ),
  ).action(async (options: UpdateTypingsOptions) => {
    const output = outputOf(io, options);
    const { api, environment, project } = await openProjectSession(io, options, output);
    const result = await updateTypings({ api, environment, directory: project.directory, output, ...options });
    output.result(
      { typingsPath: result.typingsPath, introspectedAt: result.introspectedAt, environment: environment.id },
      `Wrote ${TYPINGS_FILE} for ${environmentPath(environment)} (database structure read ${result.introspectedAt}).`,
    );
  });
}

/** Fetches the stored introspection, runs the project's customization on it, writes the typings. */
export async function updateTypings(options: {
  readonly api: CloudApi;
  readonly environment: CloudEnvironment;
  readonly directory: string;
  readonly output: Output;
  readonly maxDepth?: number;
  /** Already fetched (bootstrap fetches it first). */
  readonly introspection?: CloudIntrospectionResponse;
}): Promise<{ readonly typingsPath: string; readonly introspectedAt: string }> {
  const { api, environment, directory, output } = options;
  const introspection = options.introspection ?? (await fetchIntrospection(api, environment, output));
  const customize = await output.step('Bundling src/index.ts', async () =>
    loadCustomization((await bundleProject(directory)).code, directory),
  );
  const typingsPath = path.join(directory, TYPINGS_FILE);
  await output.step(`Writing ${TYPINGS_FILE}`, () =>
    writeProjectTypings({
      introspection: introspection.introspection,
      customize,
      typingsPath,
      maxDepth: options.maxDepth ?? DEFAULT_TYPINGS_MAX_DEPTH,
      logger: (level, message) => output.note(`[${level}] ${message}`),
    }),
  );
  return { typingsPath, introspectedAt: introspection.introspectedAt };
}

/** The stored introspection; 409 before the hosted agent first read the database. */
export async function fetchIntrospection(
  api: CloudApi,
  environment: CloudEnvironment,
  output: Output,
): Promise<CloudIntrospectionResponse> {
  try {
    return await output.step('Fetching the database structure', () => api.introspection(environment.id));
  } catch (error) {
    if (error instanceof PlatformRequestError && error.status === 409) {
      throw new PlatformRequestError(
        `the hosted agent of ${environmentPath(environment)} has not read its database yet: retry once it has started (platform-cloud logs)`,
        409,
        error.code,
        { cause: error },
      );
    }
    throw error;
  }
}

function parseDepth(value: string): number {
  const depth = Number(value);
  if (!Number.isInteger(depth) || depth < 0 || depth > 10) throw new InvalidArgumentError('expected 0 to 10');
  return depth;
}
