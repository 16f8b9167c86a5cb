import type { DataSource, LoggerLevel } from '@platform/datasource-toolkit';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import express from 'express';
import { type AgentHttpOptions, createAgentRouter } from '../../src/http/create-agent-router';
import { withTestExtras } from './test-collection';
import { AUTH_SECRET, signToken } from './tokens';

export interface TestApp {
  readonly app: express.Express;
  readonly logs: Array<{ level: LoggerLevel; message: string; error?: Error }>;
  /** `Authorization` header value of a valid user token. */
  readonly authorization: string;
}

/** A tiny express app with the agent router mounted on the library data source (or `dataSource`). */
export async function makeApp(options: Partial<AgentHttpOptions> & { dataSource?: DataSource } = {}): Promise<TestApp> {
  const { dataSource = withTestExtras(makeLibraryDataSource()), ...overrides } = options;
  const logs: TestApp['logs'] = [];
  const app = express();
  app.use(
    createAgentRouter(() => dataSource, {
      prefix: '/platform',
      authSecret: AUTH_SECRET,
      isProduction: false,
      useUnsafeActionEndpoint: false,
      logger: (level, message, error) => {
        logs.push({ level, message, error });
      },
      ...overrides,
    }),
  );
  app.get('/host-route', (_req, res) => {
    res.send('host');
  });

  return { app, logs, authorization: `Bearer ${await signToken()}` };
}
