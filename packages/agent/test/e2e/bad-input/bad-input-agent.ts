import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSqlDataSource } from '@platform/datasource-sql';
import express from 'express';
import { type Agent, createAgent } from '../../../src';
import { AUTH_SECRET, ENV_SECRET, signToken } from '../../factories/tokens';

/** A running agent over `uri` on a real socket, with one Bulk action that renames its selection. */
export interface RunningAgent {
  readonly server: http.Server;
  readonly authorization: string;
  stop(): Promise<void>;
}

/**
 * The agent of the bad-input suites: the `items` collection, and the Bulk action `Rename`
 * (`/_actions/items/0/rename`) whose form takes a JSON `Payload` and which renames every selected
 * record: a selection wider than asked shows as changed rows.
 */
export async function startBadInputAgent(uri: string): Promise<RunningAgent> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'agent-bad-input-'));
  const agent: Agent = createAgent({
    authSecret: AUTH_SECRET,
    envSecret: ENV_SECRET,
    isProduction: false,
    offline: true,
    schemaPath: path.join(workDir, '.platform-schema.json'),
    logger: (level, message, error) => {
      if (level === 'Error') console.log(message, error);
    },
  })
    .addDataSource(createSqlDataSource(uri))
    .customizeCollection('items', (items) =>
      items.addAction('Rename', {
        scope: 'Bulk',
        form: [{ label: 'Payload', type: 'Json' }],
        execute: async (context, resultBuilder) => {
          await context.collection.update(context.caller, context.filter, { name: 'renamed' });
          return resultBuilder.success(`Renamed with ${JSON.stringify(context.formValues.Payload ?? null)}`);
        },
      }),
    );
  const app = express();
  agent.mountOnExpress(app);
  await agent.start();
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    server,
    authorization: `Bearer ${await signToken()}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await agent.stop();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
