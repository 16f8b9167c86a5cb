import { randomBytes } from 'node:crypto';
import type { Logger } from '@platform/agent';
import { BuildError } from '../cli/cli-errors';
import { type Customization, messageOf } from './load-customization';

/** The typings file of a customization project, relative to it. */
export const TYPINGS_FILE = 'typings.d.ts';

/** How many to-one relations deep the typings list `relation:field` paths (the agent's default). */
export const DEFAULT_TYPINGS_MAX_DEPTH = 5;

/**
 * URIs of each dialect that are never connected to: the data source is built from the stored
 * introspection, and opens its connection only on a first query, which a schema-only agent never
 * runs. `.invalid` never resolves (RFC 2606), should a query happen all the same.
 */
const UNCONNECTED_URIS = {
  postgres: 'postgres://platform-cloud@schema-only.invalid/never-connected',
  mysql: 'mysql://platform-cloud@schema-only.invalid/never-connected',
  sqlite: 'sqlite::memory:',
} as const;

export interface ProjectTypingsOptions {
  /** The stored introspection (`kind` `sql`), as the platform returned it. */
  readonly introspection: unknown;
  readonly customize: Customization;
  readonly typingsPath: string;
  readonly maxDepth: number;
  /** Where the agent's warnings go (a customization may log). */
  readonly logger: Logger;
}

/**
 * Writes the typings of a schema-only agent: an offline agent on a SQL data source built from the
 * stored introspection (no database access), with the project's customization applied, so the
 * fields, relations and actions it adds appear in the typings.
 * @throws BuildError when the introspection is not valid or the customization fails on it.
 */
export async function writeProjectTypings(options: ProjectTypingsOptions): Promise<void> {
  const { createAgent } = await import('@platform/agent');
  const { createSqlDataSource, parseIntrospection } = await import('@platform/datasource-sql');
  let introspection: ReturnType<typeof parseIntrospection>;
  try {
    introspection = parseIntrospection(options.introspection);
  } catch (error) {
    throw new BuildError(`the platform's stored introspection is not one this CLI reads: ${messageOf(error)}`, {
      cause: error,
    });
  }

  const agent = createAgent({
    offline: true,
    // Never used: the agent serves nothing. Random, so no constant secret ships in the CLI.
    authSecret: randomBytes(32).toString('hex'),
    envSecret: randomBytes(32).toString('hex'),
    typingsPath: options.typingsPath,
    typingsMaxDepth: options.maxDepth,
    logger: options.logger,
    loggerLevel: 'Warn',
  });
  agent.addDataSource(createSqlDataSource(UNCONNECTED_URIS[introspection.dialect], { introspection }));
  try {
    await options.customize(agent);
    await agent.updateTypesOnFileSystem(options.typingsPath, options.maxDepth);
  } catch (error) {
    throw new BuildError(`the customization of src/index.ts failed: ${messageOf(error)}`, { cause: error });
  } finally {
    await agent.stop();
  }
}
