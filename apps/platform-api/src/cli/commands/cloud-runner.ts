import { startCloudRunnerProcess } from '../../cloud/runner/cloud-runner-process';
import { RUNNER_DEFAULTS, type RunnerFlags, resolveRunnerOptions } from '../../cloud/runner/runner-options';
import { validationErrorFromZod } from '../../errors';
import type { RegisterCommand } from '../cli-context';
import { failUsage } from '../cli-usage';

export const registerCloudRunnerCommand: RegisterCommand = (program, cli) => {
  program
    .command('cloud-runner')
    .description(
      'Host the agents of the cloud environments (no HTTP server of its own), on PostgreSQL: one process per ' +
        'environment on a port of its own, restarted with each published bundle; run one next to `start`',
    )
    .option(
      '--host <address>',
      `address the hosted agents listen on (PLATFORM_CLOUD_AGENT_HOST, default ${RUNNER_DEFAULTS.host})`,
    )
    .option(
      '--port-base <port>',
      `first port given to a new cloud environment (PLATFORM_CLOUD_AGENT_PORT_BASE, default ${RUNNER_DEFAULTS.portBase})`,
    )
    .option(
      '--agent-url <template>',
      'agent URL stored for each environment, {environment} and {port} replaced (PLATFORM_CLOUD_AGENT_URL, ' +
        'default http://<host>:<port>)',
    )
    .option(
      '--platform-url <url>',
      'URL the hosted agents reach the platform at (PLATFORM_CLOUD_PLATFORM_URL, default PLATFORM_PUBLIC_URL)',
    )
    .option(
      '--poll-interval <ms>',
      `how often the environments and bundles are read (PLATFORM_CLOUD_RUNNER_POLL_INTERVAL_MS, default ${RUNNER_DEFAULTS.pollIntervalMs})`,
    )
    .option('--json', 'print the runner status as one JSON line once it runs')
    .action(async (flags: RunnerFlags, command) => {
      const config = cli.loadConfig();
      const options = resolveRunnerOptions(config, cli.io.env, flags);
      if (!options.success) {
        failUsage(cli, command, validationErrorFromZod(options.error, { subject: 'cloud-runner options' }));
      }
      await startCloudRunnerProcess(config, options.data);
      cli.keepAlive();
      cli.print(
        command,
        { status: 'running', host: options.data.host, portBase: options.data.portBase },
        `platform-api cloud runner started: hosted agents on ${options.data.host}, ports from ${options.data.portBase}`,
      );
    });
};
