import { agentUrlSchema, environmentTargetSchema } from '../../agents/agent-admin-schemas';
import { setAgentUrl } from '../../agents/agent-url-admin';
import type { RegisterCommand } from '../cli-context';
import { parseOptionsOrExit } from '../cli-usage';
import { withEnvironmentOptions } from './agent-options';

const setUrlSchema = environmentTargetSchema.extend({ url: agentUrlSchema });

export const registerEnvironmentsCommand: RegisterCommand = (program, cli) => {
  const environments = program.command('environments').description("Manage a project's environments");

  withEnvironmentOptions(
    environments
      .command('set-url')
      .description("Set the URL of the environment's agent (sign-in redirects must lie under it)"),
  )
    .requiredOption('--url <url>', "the agent's public URL, e.g. https://agent.example.com")
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command) => {
      const options = parseOptionsOrExit(cli, command, setUrlSchema, rawOptions);
      await cli.withAppContext((context) => setAgentUrl(context, options, options.url));
      cli.print(command, { agentUrl: options.url }, `The agent of ${options.environment} is at ${options.url}.`);
    });
};
