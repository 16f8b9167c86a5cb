import path from 'node:path';
import { type Agent, createAgent } from '@platform/agent';
import { type AiProviderOptions, createAiProvider } from '@platform/ai-proxy';
import { createSqlDataSource } from '@platform/datasource-sql';
import { customizeCustomers } from './customizations/customize-customers';
import { customizeOrders } from './customizations/customize-orders';
import { ordersByStatusChart } from './customizations/orders-by-status-chart';
import { ensureSampleDatabase, type SampleDatabase } from './sample-database';

const OFFLINE_ENV_SECRET = '0'.repeat(64);

export interface ExampleOptions {
  /** Where the sample database and the agent's schema file live. */
  readonly dataDir: string;
  readonly port: number;
  readonly host?: string;
  readonly authSecret: string;
  /** The environment secret: the agent connects to platform-api. Without it, it runs offline. */
  readonly envSecret?: string;
  readonly serverUrl?: string;
  readonly logger?: (level: string, message: string) => void;
  /**
   * The MCP server's port. Default: the agent's own (one listener serves both), or a free port of
   * its own when `port` is 0.
   */
  readonly mcpPort?: number;
  /** An AI provider for the platform's AI features (`agent.addAi`); none by default. */
  readonly ai?: AiProviderOptions;
}

export interface RunningExample {
  readonly agent: Agent;
  /** The agent's routes, prefix included: `http://host:port/platform`. */
  readonly url: string;
  /** The MCP endpoint to give an MCP client: `http://host:port/mcp`. */
  readonly mcpUrl: string;
  readonly isOffline: boolean;
  /** Whether `addAi` serves the AI routes (`ai` was given). */
  readonly hasAi: boolean;
  /** The sample database, and whether this start generated it. */
  readonly sample: SampleDatabase;
  stop(): Promise<void>;
}

/**
 * Starts the example agent on the sample database (generated on first start), with one of each
 * kind of customization: see customizations/ and the README.
 */
export async function startExample(options: ExampleOptions): Promise<RunningExample> {
  const log = options.logger ?? ((level, message) => console.log(`${new Date().toISOString()} [${level}] ${message}`));
  const sample = ensureSampleDatabase(options.dataDir);
  if (sample.outcome !== 'kept') {
    const setAside = sample.setAsideFile
      ? ` (the previous sample, of another version, is now ${sample.setAsideFile})`
      : '';
    log('Info', `Sample database generated in ${sample.generationMs} ms: ${sample.file}${setAside}.`);
  }

  const isOffline = options.envSecret === undefined;
  const agent = createAgent({
    authSecret: options.authSecret,
    // The agent requires an environment secret even offline, where it never sends it.
    ...(isOffline
      ? { offline: true, envSecret: OFFLINE_ENV_SECRET }
      : { envSecret: options.envSecret, serverUrl: options.serverUrl }),
    port: options.port,
    ...(options.host === undefined ? {} : { host: options.host }),
    schemaPath: path.join(options.dataDir, '.platform-schema.json'),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  })
    .addDataSource(createSqlDataSource(`sqlite:${sample.file}`))
    .customizeCollection('customers', customizeCustomers)
    .customizeCollection('orders', customizeOrders)
    .addChart('Orders by status', ordersByStatusChart)
    // Offline, MCP clients call it with a development token; connected, they sign in through the platform (OAuth).
    .mountAiMcpServer({ port: options.mcpPort ?? options.port });
  if (options.ai !== undefined) agent.addAi(createAiProvider(options.ai));
  await agent.start();

  const host = options.host ?? '127.0.0.1';
  return {
    agent,
    url: `http://${host}:${agent.standaloneServerPort}/platform`,
    mcpUrl: `http://${host}:${agent.mcpServerPort}/mcp`,
    isOffline,
    hasAi: options.ai !== undefined,
    sample,
    stop: () => agent.stop(),
  };
}
