import { startServer } from '../../server';
import type { RegisterCommand } from '../cli-context';
import { describeFirstRun, firstRunCommands, needsInit } from '../first-run';

export const registerStartCommand: RegisterCommand = (program, cli) => {
  program
    .command('start')
    .description(
      'Apply pending migrations when PLATFORM_MIGRATE_ON_START (default for the embedded database), then serve; ' +
        'on an empty embedded database, print the next steps',
    )
    .option('--json', 'print the listening address (and the next steps, if any) as one JSON line')
    .action(async (_options, command) => {
      const config = cli.loadConfig();
      const server = await startServer(config, { runCli: cli.runCli });
      cli.keepAlive();
      const isFirstRun = config.database.kind === 'embedded' && (await needsInit(server.context));
      // A data directory named in the environment must be named again for the CLI.
      const dataDirFromEnv = cli.io.env.PLATFORM_DATA_DIR || undefined;
      const nextSteps = isFirstRun ? firstRunCommands(server.url, dataDirFromEnv) : undefined;
      cli.print(
        command,
        { status: 'listening', url: server.url, database: config.database.kind, ...(nextSteps ? { nextSteps } : {}) },
        `platform-api listening on ${server.url} (${config.database.kind} database)` +
          (isFirstRun ? `\n${describeFirstRun(server.url, dataDirFromEnv)}` : ''),
      );
    });
};
