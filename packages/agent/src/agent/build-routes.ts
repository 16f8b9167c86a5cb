import type { AiProvider } from '@platform/ai-proxy';
import type { DataSource, Logger } from '@platform/datasource-toolkit';
import type { RequestHandler } from 'express';
import { createAgentRouter } from '../http/create-agent-router';
import { type ActionRoute, resolveActionRoutes, toActionSlug } from '../schema/action-route';
import { buildSchema } from '../schema/build-schema';
import type { PlatformSchema } from '../schema/platform-schema';
import { readSchemaFile, writeSchemaFile } from '../schema/schema-file';
import type { TypingsSource } from '../typings/generate-typings';
import { writeTypings } from '../typings/write-typings';
import type { ResolvedAgentOptions } from './agent-options';
import type { PlatformClient } from './platform-client';

/** What `start()` and `restart()` build before anything is swapped in. */
export interface AgentBuild {
  readonly schema: PlatformSchema;
  readonly router: RequestHandler;
}

export interface BuildInputs {
  readonly dataSource: DataSource;
  /** The collections as customizations name them (removed ones included), for the typings. */
  readonly typingsSource: TypingsSource;
  readonly isPublished: (collectionName: string) => boolean;
  readonly options: ResolvedAgentOptions;
  readonly logger: Logger;
  /** What the platform client gives the routes (permissions, token issuers). */
  readonly platformRouteOptions?: PlatformClient['routeOptions'];
  /** The AI provider of `agent.addAi`, which adds the AI proxy's routes. */
  readonly ai?: AiProvider;
}

/**
 * Validates the action routes, obtains the schema (rebuilt and written in development, read from
 * disk in production), writes the typings in development and builds the router. Nothing here
 * changes what is served: the caller swaps the router in once everything succeeded.
 * @throws ActionRouteClashError, SchemaFileError
 */
export async function buildRoutes(inputs: BuildInputs): Promise<AgentBuild> {
  const { dataSource, options, logger } = inputs;
  const routes = resolveActionRoutes(dataSource, options.useUnsafeActionEndpoint);
  const schema = options.isProduction ? await readProductionSchema(inputs) : await generateFiles(inputs);

  const router = createAgentRouter(() => dataSource, {
    prefix: options.prefix,
    authSecret: options.authSecret,
    isProduction: options.isProduction,
    useUnsafeActionEndpoint: options.useUnsafeActionEndpoint,
    bodyLimit: options.bodyLimit,
    corsOrigins: options.corsOrigins,
    maxTokenLifetime: options.maxTokenLifetime,
    escapeCsvFormulae: options.csv.escapeFormulae,
    logger,
    ...inputs.platformRouteOptions,
    ai: inputs.ai,
    getActionRoute: (collection, action) =>
      routes.get(collection)?.get(action) ?? liveRoute(dataSource, collection, action),
  });

  return { schema, router };
}

/**
 * Rebuilds the schema and writes it (only when it changed), and the typings when `typingsPath`
 * is set: development starts and `generateSchemaOnly()`.
 */
export async function generateFiles(inputs: BuildInputs): Promise<PlatformSchema> {
  const { dataSource, options, logger } = inputs;
  const schema = await buildSchema(dataSource, {
    useUnsafeActionEndpoint: options.useUnsafeActionEndpoint,
    isPublished: inputs.isPublished,
  });
  if (await writeSchemaFile(options.schemaPath, schema)) logger('Info', `Schema written to ${options.schemaPath}.`);
  if (options.typingsPath !== undefined) {
    const wrote = await writeTypings(inputs.typingsSource, options.typingsPath, options.typingsMaxDepth);
    if (wrote) logger('Info', `Typings written to ${options.typingsPath}.`);
  }

  return schema;
}

/**
 * The schema file as deployed. It is compared with the data source actually served, so that a
 * file left behind by a deployment is reported instead of silently describing other routes.
 */
async function readProductionSchema(inputs: BuildInputs): Promise<PlatformSchema> {
  const { dataSource, options, logger } = inputs;
  const schema = await readSchemaFile(options.schemaPath);
  const live = await buildSchema(dataSource, {
    useUnsafeActionEndpoint: options.useUnsafeActionEndpoint,
    isPublished: inputs.isPublished,
  });
  if (live.meta.schemaHash !== schema.meta.schemaHash) {
    logger(
      'Warn',
      `The schema file ${options.schemaPath} does not describe the collections this agent serves: ` +
        'regenerate it in development (or with agent.generateSchemaOnly()) and deploy it with your code.',
    );
  }

  return schema;
}

/** An action added after the routes were resolved cannot be served before a restart; this keeps lookups total. */
function liveRoute(dataSource: DataSource, collection: string, action: string): ActionRoute {
  const actions = Object.keys(dataSource.getCollection(collection).schema.actions);
  return { index: actions.indexOf(action), slug: toActionSlug(action) };
}
