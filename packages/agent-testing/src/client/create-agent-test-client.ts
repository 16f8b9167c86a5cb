import type { CollectionName, TypingsSchema } from '@platform/agent';
import { describeRequestIssues, requestIssuesFromZod } from '@platform/platform-contract';
import { z } from 'zod';
import type { PermissionsOverride } from '../sandbox/testing-routes';
import { AgentHttp } from './agent-http';
import { readAgentSchemaFile } from './agent-schema-file';
import { type ChartData, CollectionClient } from './collection-client';
import { SandboxSession } from './sandbox-session';

const optionsSchema = z.object({
  agentPlatformEnvSecret: z.string().min(1),
  agentPlatformAuthSecret: z.string().min(1),
  agentUrl: z.url({ protocol: /^https?$/ }),
  serverUrl: z.url({ protocol: /^https?$/ }),
  agentSchemaPath: z.string().min(1),
  prefix: z.string().startsWith('/').default('/platform'),
});

/** Options of `createAgentTestClient` (spec agent-library §4.4). */
export interface AgentTestClientOptions {
  /** The environment secret the agent was started with (`envSecret`). */
  readonly agentPlatformEnvSecret: string;
  /** The agent's `authSecret`: the client signs the current user's token with it. */
  readonly agentPlatformAuthSecret: string;
  /** The running agent's URL, without its route prefix (`http://127.0.0.1:3351`). */
  readonly agentUrl: string;
  /** The sandbox's URL (`sandbox.url`), which the agent uses as `serverUrl`. */
  readonly serverUrl: string;
  /** The schema file the agent wrote (its `schemaPath`): action routes are read from it. */
  readonly agentSchemaPath: string;
  /** The agent's route prefix; default `/platform`. */
  readonly prefix?: string;
}

/** Permission overrides of the current user's role, with collection names checked by `S`. */
export interface TypedPermissionsOverride<S extends TypingsSchema> {
  readonly collections?: {
    readonly [N in CollectionName<S>]?: NonNullable<PermissionsOverride['collections']>[string];
  };
  readonly charts?: boolean;
}

/** A client of a running agent, acting as the sandbox's current user. */
export interface AgentTestClient<S extends TypingsSchema = TypingsSchema> {
  collection<N extends CollectionName<S>>(name: N): CollectionClient<S, N>;
  /** A chart of the data source (`agent.addChart`). */
  chart(name: string): Promise<ChartData>;
  /**
   * Changes the rights of the current user's role on the sandbox; resolves once the connected
   * agents fetched the new permissions. A right left out keeps its value; a role that allows
   * everything keeps every other right.
   */
  overridePermissions(override: TypedPermissionsOverride<S>): Promise<void>;
  /** Runs the next calls as user `userId` of the sandbox environment. */
  setCurrentUser(userId: number): Promise<void>;
}

/**
 * Connects to a running agent, as the current user of the sandbox it is connected to. Start the
 * sandbox, then the agent (it writes its schema file), then the client.
 * @typeParam S the `Schema` of the agent's generated typings (`typingsPath`): collection and field
 *   names are then checked at compile time.
 * @throws Error when an option is invalid or the schema file cannot be read.
 * @example
 * const client = await createAgentTestClient<Schema>({
 *   agentPlatformEnvSecret: envSecret, agentPlatformAuthSecret: authSecret,
 *   agentUrl: `http://127.0.0.1:${agent.standaloneServerPort}`, serverUrl: sandbox.url, agentSchemaPath: schemaPath,
 * });
 * const books = await client.collection('books').list({ pagination: { size: 5 } });
 */
export async function createAgentTestClient<S extends TypingsSchema = TypingsSchema>(
  options: AgentTestClientOptions,
): Promise<AgentTestClient<S>> {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    throw new Error(`${describeRequestIssues(requestIssuesFromZod(parsed.error), 'createAgentTestClient options')}.`);
  }
  const { agentUrl, serverUrl, agentSchemaPath, prefix } = parsed.data;
  const schema = await readAgentSchemaFile(agentSchemaPath);
  const session = new SandboxSession(
    serverUrl.replace(/\/+$/, ''),
    parsed.data.agentPlatformEnvSecret,
    parsed.data.agentPlatformAuthSecret,
  );
  const baseUrl = `${agentUrl.replace(/\/+$/, '')}${prefix.replace(/\/+$/, '')}`;
  const http = new AgentHttp(baseUrl, (collection) => session.token(collection));

  return {
    collection: (name) => new CollectionClient(http, schema, name),
    async chart(name) {
      const answer = await http.json({ method: 'GET', path: `/_charts/${encodeURIComponent(name)}` });

      return (answer as { data: ChartData }).data;
    },
    overridePermissions: (override) => session.overridePermissions(override as PermissionsOverride),
    setCurrentUser: (userId) => session.setCurrentUser(userId),
  };
}
