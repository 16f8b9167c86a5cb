import { startWorkerProcess } from '../../workflows/executor/worker-process';
import type { RegisterCommand } from '../cli-context';

export const registerWorkerCommand: RegisterCommand = (program, cli) => {
  program
    .command('worker')
    .description(
      'Execute workflow runs only (no HTTP server), on PostgreSQL; run as many as needed next to `start` ' +
        '(which runs its own worker unless PLATFORM_WORKER=off)',
    )
    .option('--json', 'print the worker id as one JSON line once it works')
    .action(async (_options, command) => {
      const config = cli.loadConfig();
      const worker = await startWorkerProcess(config);
      cli.keepAlive();
      cli.print(
        command,
        { status: 'working', workerId: worker.workerId },
        `platform-api workflow worker ${worker.workerId} started`,
      );
    });
};
