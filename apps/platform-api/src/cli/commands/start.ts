import { startServer } from '../../server';
import type { RegisterCommand } from '../cli-context';

export const registerStartCommand: RegisterCommand = (program, cli) => {
  program
    .command('start')
    .description(
      'Apply pending migrations when PLATFORM_MIGRATE_ON_START (default for the embedded database), then serve',
    )
    .option('--json', 'print the listening address as one JSON line')
    .action(async (_options, command) => {
      const config = cli.loadConfig();
      const server = await startServer(config);
      cli.keepAlive();
      cli.print(
        command,
        { status: 'listening', url: server.url, database: config.database.kind },
        `platform-api listening on ${server.url} (${config.database.kind} database)`,
      );
    });
};
