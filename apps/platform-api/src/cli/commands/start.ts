import type { Command } from 'commander';
import { z } from 'zod';
import { agentUrlSchema } from '../../agents/agent-admin-schemas';
import { type DemoSetup, demoRefusalOf, ensureDemo } from '../../demo/demo-setup';
import { startServer } from '../../server';
import type { CliContext, RegisterCommand } from '../cli-context';
import { parseOptionsOrExit } from '../cli-usage';
import { describeFirstRun, firstRunCommands, needsInit } from '../first-run';

/** Where the example agent listens by default (apps/example, EXAMPLE_PORT). */
export const DEFAULT_DEMO_AGENT_URL = 'http://127.0.0.1:3351';

interface StartOptions {
  json?: boolean;
  demo?: string | true;
}

export const registerStartCommand: RegisterCommand = (program, cli) => {
  program
    .command('start')
    .description(
      'Apply pending migrations when PLATFORM_MIGRATE_ON_START (default for the embedded database), then serve; ' +
        'on an empty embedded database, print the next steps (or, with --demo, set up a demo)',
    )
    .option('--json', 'print the listening address (and the next steps or the demo, if any) as one JSON line')
    .option(
      '--demo [agent-url]',
      'development only, embedded database: on an empty database create a demo organization, admin, token, ' +
        `environment (its agent at agent-url, default ${DEFAULT_DEMO_AGENT_URL}) and sample workflow; ` +
        'later starts reuse it (its secrets are kept in demo.json in the data directory)',
    )
    .action(async (options: StartOptions, command) => {
      const config = cli.loadConfig();
      const demoAgentUrl = options.demo === undefined ? undefined : parseDemoAgentUrl(cli, command, options.demo);
      const server = await startServer(config, { runCli: cli.runCli });
      cli.keepAlive();
      const isEmbedded = config.database.kind === 'embedded';
      let demo: DemoSetup | undefined;
      let demoRefusal: string | undefined;
      if (demoAgentUrl !== undefined) {
        demoRefusal = demoRefusalOf(config.database.kind, cli.io.env.NODE_ENV);
        if (demoRefusal === undefined && config.database.kind === 'embedded') {
          demo = await ensureDemo(server.context, { dataDir: config.database.dataDir, agentUrl: demoAgentUrl });
          if (demo === undefined) demoRefusal = 'the database was set up without the demo';
        }
      }
      const isFirstRun = demo === undefined && isEmbedded && (await needsInit(server.context));
      // A data directory named in the environment must be named again for the CLI.
      const dataDirFromEnv = cli.io.env.PLATFORM_DATA_DIR || undefined;
      const nextSteps = isFirstRun ? firstRunCommands(server.url, dataDirFromEnv) : undefined;
      const text = [
        `platform-api listening on ${server.url} (${config.database.kind} database)`,
        ...(demoRefusal === undefined ? [] : [`No demo setup: ${demoRefusal}.`]),
        ...(demo === undefined ? [] : [describeDemo(demo)]),
        ...(isFirstRun ? [describeFirstRun(server.url, dataDirFromEnv)] : []),
      ].join('\n');
      cli.print(
        command,
        {
          status: 'listening',
          url: server.url,
          database: config.database.kind,
          ...(nextSteps ? { nextSteps } : {}),
          ...(demo ? { demo } : {}),
          ...(demoRefusal === undefined ? {} : { demoRefusal }),
        },
        text,
      );
    });
};

const demoOptionSchema = z.object({ demo: agentUrlSchema });

function parseDemoAgentUrl(cli: CliContext, command: Command, value: string | true): string {
  return parseOptionsOrExit(cli, command, demoOptionSchema, { demo: value === true ? DEFAULT_DEMO_AGENT_URL : value })
    .demo;
}

function describeDemo(demo: DemoSetup): string {
  return [
    `Demo (development only): organization ${demo.organization}, project ${demo.project}, environment ${demo.environment}`,
    `  admin ${demo.adminEmail} / ${demo.adminPassword}`,
    `  token ${demo.token}`,
    `  agent URL ${demo.agentUrl} (give it PLATFORM_ENV_SECRET=${demo.envSecret})`,
    `  sample workflow ${demo.workflowId}, webhook ${demo.webhookUrl}`,
  ].join('\n');
}
