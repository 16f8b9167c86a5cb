import type { AiProvider } from '@platform/ai-proxy';
import type { DataSource, DataSourceFactory, Logger } from '@platform/datasource-toolkit';
import type { Application, Router } from 'express';
import type { CollectionCustomizer } from '../customizer/collection-customizer';
import { DataSourceCustomizer } from '../customizer/data-source-customizer';
import type { DataSourceChartDefinition } from '../customizer/decorators/chart/types';
import type { DataSourceOptions, Plugin } from '../customizer/types';
import { buildMcpRouter, checkMcpBasePath } from '../mcp/build-mcp-router';
import { type McpServerOptions, parseMcpServerOptions, type ResolvedMcpServerOptions } from '../mcp/server/mcp-options';
import type { CollectionName, TypingsSchema } from '../typings/typed-schema';
import { writeTypings } from '../typings/write-typings';
import type { ResolvedAgentOptions } from './agent-options';
import { type AgentBuild, type BuildInputs, buildRoutes, generateFiles } from './build-routes';
import type { PlatformClient } from './platform-client';
import { type StandaloneServer, startStandaloneServer } from './standalone-server';
import { chainHandlers, createSwappableHandler } from './swappable-handler';

type State = 'idle' | 'started' | 'stopped';

/**
 * An agent: data sources and their customizations, served over HTTP under `prefix`. Configure it
 * with the chained methods, then `start()` it. Built by `createAgent`.
 *
 * @typeParam S the `Schema` type of the generated typings (`typingsPath`), so collection names
 *   and field paths are checked in `customizeCollection`.
 */
export class Agent<S extends TypingsSchema = TypingsSchema> {
  private readonly customizer = new DataSourceCustomizer();
  private readonly handler = createSwappableHandler();
  private readonly expressApps: Array<Pick<Application, 'use'> | Router> = [];
  private standalone: { readonly port: number; readonly host?: string } | undefined;
  private server: StandaloneServer | undefined;
  private mcp: ResolvedMcpServerOptions | undefined;
  private ai: AiProvider | undefined;
  /** The MCP server's own listener (a standalone agent whose MCP port differs from its own). */
  private readonly mcpHandler = createSwappableHandler();
  private mcpServer: StandaloneServer | undefined;
  private dataSource: DataSource | undefined;
  private state: State = 'idle';
  // start, stop and restart run one at a time, in the order they were called.
  private lifecycle: Promise<unknown> = Promise.resolve();

  /** @internal Use `createAgent`. */
  constructor(
    private readonly options: ResolvedAgentOptions,
    private readonly logger: Logger,
    private readonly platform: PlatformClient,
  ) {
    platform.onCustomizationsChanged?.(() => void this.refreshCustomizations());
  }

  /** The port of the standalone server once started (useful with `port: 0`), else undefined. */
  get standaloneServerPort(): number | undefined {
    return this.server?.port;
  }

  /** The port the MCP server listens on once started: its own listener's, or the agent's when they share one. */
  get mcpServerPort(): number | undefined {
    if (this.mcp === undefined) return undefined;
    return this.mcpServer?.port ?? this.server?.port;
  }

  /** Adds a data source (spec agent-library §2.2 for `options`). */
  addDataSource(factory: DataSourceFactory, options?: DataSourceOptions): this {
    this.customizer.addDataSource(factory, options);
    return this;
  }

  /** Customizes one collection; `handle` may be async. */
  customizeCollection<N extends CollectionName<S>>(
    name: N,
    handle: (collection: CollectionCustomizer<S, N>) => unknown,
  ): this {
    this.customizer.customizeCollection(name, handle);
    return this;
  }

  /** Adds a data-source-level chart. */
  addChart(name: string, definition: DataSourceChartDefinition): this {
    this.customizer.addChart(name, definition);
    return this;
  }

  /** Removes collections from the schema the platform sees; customizations can still use them. */
  removeCollection(...names: CollectionName<S>[]): this {
    this.customizer.removeCollection(...names);
    return this;
  }

  /** Loads a plugin on all collections. */
  use<Options>(plugin: Plugin<Options>, options?: Options): this {
    this.customizer.use(plugin, options);
    return this;
  }

  /**
   * Serves the agent's routes from an Express app (or router) of yours, under `prefix`. The
   * handler is added now, so it keeps its place among your middlewares; until `start()` it passes
   * every request on, and after `stop()` too.
   */
  mountOnExpress(app: Pick<Application, 'use'> | Router): this {
    app.use(this.handler.handle);
    this.expressApps.push(app);
    return this;
  }

  /**
   * Serves the agent from its own HTTP server, started by `start()`, on `port` (default: the
   * `port` option, `PORT`, else 3351) and `host` (default: the `host` option, else every
   * interface). `start()` does this by itself when nothing was mounted.
   */
  mountOnStandaloneServer(port?: number, host?: string): this {
    this.standalone = { port: port ?? this.options.port, host: host ?? this.options.host };
    return this;
  }

  /**
   * Serves the Model Context Protocol (spec agent-library §4.3): `POST /mcp` for MCP clients
   * acting as a signed-in user, its OAuth 2.1 facade (`/oauth/authorize`, `/oauth/token`) and
   * discovery documents, under `basePath` when given. A standalone agent serves it on its own
   * listener (`port`, `MCP_SERVER_PORT`, default 3931) unless that is the agent's port; an agent
   * mounted on an Express app serves it on that app, ahead of the app's later routes.
   * @throws McpServerOptionsError naming each bad option (an unknown tool lists the valid names)
   */
  mountAiMcpServer(options?: McpServerOptions): this {
    if (this.mcp !== undefined) throw new Error('mountAiMcpServer() was already called on this agent.');
    this.mcp = parseMcpServerOptions(options);
    return this;
  }

  /**
   * Serves the AI proxy (spec agent-library §4.1): `POST <prefix>/_internal/ai-proxy/ai-query`
   * sends a chat-completions request to `provider` with the collection tools, which run as the
   * requesting user (`via: 'ai'`); `GET .../tools` lists them and `POST .../tools/:name` runs one.
   * The routes are authenticated and permission-checked like every agent route.
   * @param provider built by `createAiProvider` of `@platform/ai-proxy`, with your provider's key.
   * @example agent.addAi(createAiProvider({ name: 'default', provider: 'openai', apiKey, model: 'gpt-4.1' }))
   * @throws Error when called a second time, or when `provider` is not an AI provider.
   */
  addAi(provider: AiProvider): this {
    if (this.ai !== undefined) throw new Error('addAi() was already called on this agent.');
    if (typeof provider?.complete !== 'function' || typeof provider.stream !== 'function') {
      throw new Error('addAi() takes an AI provider: build it with createAiProvider() of @platform/ai-proxy.');
    }
    this.ai = provider;
    return this;
  }

  /**
   * Builds the data source (applies the queued customizations), validates the action routes,
   * writes (development) or reads (production) the schema file, writes the typings in development,
   * then serves the routes. On failure nothing is served, what was opened is closed, and the
   * agent cannot start again (create a new one).
   * @throws ActionRouteClashError, SchemaFileError, or the error of a customization or data source.
   */
  start(): Promise<void> {
    return this.serialize(async () => {
      if (this.state !== 'idle') {
        throw new Error(
          this.state === 'started'
            ? 'The agent is already started: call restart() to rebuild its routes.'
            : 'The agent was stopped and its connections closed: create a new agent to start again.',
        );
      }
      try {
        await this.platform.applyCustomizations?.(this.customizer);
        const { schema, router } = await buildRoutes(await this.buildInputs());
        const { port, host } = this.standalone ?? { port: this.options.port, host: this.options.host };
        if (this.expressApps.length === 0 || this.standalone !== undefined) {
          this.server = await startStandaloneServer(this.handler.handle, port, host);
        }
        if (this.mcp !== undefined && this.hasOwnMcpListener(port)) {
          this.mcpServer = await startStandaloneServer(this.mcpHandler.handle, this.mcp.port, host);
        }
        await this.platform.sendSchema(schema);
        // A listener of its own serves the discovery documents at its root, whatever the agent URL.
        if (this.mcp !== undefined && this.mcpServer === undefined) {
          checkMcpBasePath(this.mcp, this.platform.mcpAuthority?.environment()?.agentUrl);
        }
        this.swapIn({ schema, router });
        this.state = 'started';
      } catch (error) {
        await this.closeEverything();
        this.state = 'stopped';
        // A refused secret or a broken contract says what to do: a stack trace would bury it.
        const name = (error as { name?: unknown } | null)?.name;
        if (name === 'PlatformConnectionError' || name === 'ContractCallError') {
          this.logger('Error', `The agent could not start: ${(error as Error).message}`);
        } else {
          this.logger('Error', 'The agent could not start.', asError(error));
        }
        throw error;
      }
      const where = this.server ? `on port ${this.server.port}` : `on ${this.expressApps.length} Express app(s)`;
      this.logger('Info', `Agent started: serving ${this.options.prefix} ${where}.`);
      if (this.mcp !== undefined) {
        const mcpWhere = this.mcpServer ? `on port ${this.mcpServer.port}` : 'beside the agent routes';
        this.logger('Info', `MCP server started: serving ${this.mcp.basePath}/mcp ${mcpWhere}.`);
      }
    });
  }

  /**
   * Rebuilds the routes at run time (customizations queued since the last build are applied)
   * and swaps them in without closing the listening socket; requests in flight finish on the
   * previous routes. When the rebuild fails, the previous routes stay in place and the error is
   * logged and thrown.
   */
  restart(): Promise<void> {
    return this.serialize(async () => {
      if (this.state !== 'started') throw new Error('The agent is not started: call start() first.');
      try {
        const build = await buildRoutes(await this.buildInputs());
        await this.platform.sendSchema(build.schema);
        this.swapIn(build);
      } catch (error) {
        this.logger('Error', 'The agent could not restart: the previous routes are still served.', asError(error));
        throw error;
      }
      this.logger('Info', 'Agent restarted: routes rebuilt.');
    });
  }

  /**
   * Stops serving, closes the standalone server and every data source connection. Calling it
   * twice, or before `start()`, is safe. A stopped agent cannot start again.
   */
  stop(): Promise<void> {
    return this.serialize(async () => {
      if (this.state === 'stopped' || (this.state === 'idle' && this.dataSource === undefined)) return;
      await this.closeEverything();
      this.state = 'stopped';
      this.logger('Info', 'Agent stopped.');
    });
  }

  /**
   * Writes the schema file to `schemaPath`, and the typings to `typingsPath` when set, without
   * starting the agent. It contacts the platform only with `experimental.noCodeCustomizations`,
   * to fetch the no-code actions the schema lists. Always rebuilds the schema, even in
   * production. Leaves data source connections open (call `stop()` to close them).
   */
  async generateSchemaOnly(): Promise<void> {
    // The experimental no-code actions are part of the schema: the one platform contact here.
    await this.platform.applyCustomizations?.(this.customizer);
    await generateFiles(await this.buildInputs());
  }

  /** Regenerates the typings file only. */
  async updateTypesOnFileSystem(typingsPath: string, typingsMaxDepth: number): Promise<void> {
    const { typingsSource } = await this.buildInputs();
    await writeTypings(typingsSource, typingsPath, typingsMaxDepth);
  }

  /** The platform changed its no-code actions: new ones need a rebuild of the routes. */
  private async refreshCustomizations(): Promise<void> {
    if (this.state !== 'started' || this.platform.applyCustomizations === undefined) return;
    try {
      if ((await this.platform.applyCustomizations(this.customizer)) > 0) await this.restart();
    } catch (error) {
      this.logger('Warn', 'The no-code actions could not be refreshed.', asError(error));
    }
  }

  /** True when the MCP server gets a listener of its own: a standalone agent whose port differs. */
  private hasOwnMcpListener(agentPort: number): boolean {
    return this.mcp !== undefined && this.expressApps.length === 0 && (this.mcp.port !== agentPort || agentPort === 0);
  }

  /** Serves a build: the agent's routes, and the MCP server's beside them or on its own listener. */
  private swapIn({ router }: AgentBuild): void {
    const dataSource = this.dataSource;
    if (this.mcp === undefined || dataSource === undefined) {
      this.handler.swap(router);
      return;
    }
    const mcpRouter = buildMcpRouter({
      dataSource,
      options: this.options,
      mcp: this.mcp,
      logger: this.logger,
      platform: this.platform,
      ownListenerPort: () => this.mcpServer?.port,
    });
    if (this.mcpServer !== undefined) {
      this.mcpHandler.swap(mcpRouter);
      this.handler.swap(router);
    } else {
      this.handler.swap(chainHandlers(mcpRouter, router));
    }
  }

  private async buildInputs(): Promise<BuildInputs> {
    const dataSource = await this.customizer.getDataSource(this.logger);
    this.dataSource = dataSource;

    return {
      dataSource,
      typingsSource: { collections: this.customizer.collections },
      isPublished: (name) => this.customizer.isCollectionPublished(name),
      options: this.options,
      logger: this.logger,
      platformRouteOptions: this.platform.routeOptions,
      ai: this.ai,
    };
  }

  private async closeEverything(): Promise<void> {
    this.handler.swap(undefined);
    this.mcpHandler.swap(undefined);
    const { server, mcpServer, dataSource } = this;
    this.server = undefined;
    this.mcpServer = undefined;
    this.dataSource = undefined;
    const results = await Promise.allSettled([
      server?.close(),
      mcpServer?.close(),
      dataSource?.close(),
      this.platform.close(),
    ]);
    for (const result of results) {
      if (result.status === 'rejected')
        this.logger('Warn', 'A resource did not close cleanly.', asError(result.reason));
    }
  }

  private serialize<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.lifecycle.then(operation);
    this.lifecycle = result.catch(() => undefined);
    return result;
  }
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
