import path from 'node:path';
import { type Agent, createAgent } from '@platform/agent';
import { createSqlDataSource } from '@platform/datasource-sql';
import { ensureSampleDatabase } from './sample-database';

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
}

export interface RunningExample {
  readonly agent: Agent;
  /** The agent's routes, prefix included: `http://host:port/platform`. */
  readonly url: string;
  readonly isOffline: boolean;
  stop(): Promise<void>;
}

/**
 * Starts the example agent on the sample database (made on first start): customers with a
 * computed `fullName`, orders with a `To ship` segment and a `Mark as shipped` action.
 */
export async function startExample(options: ExampleOptions): Promise<RunningExample> {
  const database = ensureSampleDatabase(options.dataDir);
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
    .addDataSource(createSqlDataSource(`sqlite:${database}`))
    .customizeCollection('customers', (customers) =>
      customers.addField('fullName', {
        columnType: 'String',
        dependencies: ['first_name', 'last_name'],
        getValues: (records) => records.map((record) => `${record.first_name} ${record.last_name}`),
      }),
    )
    .customizeCollection('orders', (orders) =>
      orders.addSegment('To ship', { field: 'status', operator: 'Equal', value: 'paid' }).addAction('Mark as shipped', {
        scope: 'Bulk',
        execute: async (context, result) => {
          await context.collection.update(context.caller, context.filter, { status: 'shipped' });
          return result.success('Shipped.');
        },
      }),
    );
  await agent.start();
  const url = `http://${options.host ?? '127.0.0.1'}:${agent.standaloneServerPort}/platform`;

  return { agent, url, isOffline, stop: () => agent.stop() };
}
