import { clearScopeSchema, scopeSchema } from '../../agents/agent-admin-schemas';
import { clearScope, setScope } from '../../agents/scopes-admin';
import type { RegisterCommand } from '../cli-context';
import { parseOptionsOrExit } from '../cli-usage';
import { parseJsonOption, withEnvironmentOptions } from './agent-options';

export const registerScopesCommand: RegisterCommand = (program, cli) => {
  const scopes = program
    .command('scopes')
    .description("Manage the teams' scopes: which records of a collection a team sees");

  withEnvironmentOptions(scopes.command('set').description("Set a team's scope on a collection (a condition tree)"))
    .requiredOption('--team <name>', 'the team')
    .requiredOption('--collection <name>', 'the collection, as the agent names it')
    .requiredOption(
      '--condition <json>',
      'the condition tree, e.g. \'{"field":"ownerId","operator":"Equal","value":"{{currentUser.id}}"}\'',
      parseJsonOption,
    )
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command) => {
      const options = parseOptionsOrExit(cli, command, scopeSchema, rawOptions);
      await cli.withAppContext((context) => setScope(context, options));
      cli.print(
        command,
        { team: options.team, collection: options.collection, condition: options.condition },
        `Set the scope of team ${options.team} on ${options.collection} in ${options.environment}.`,
      );
    });

  withEnvironmentOptions(scopes.command('clear').description("Remove a team's scope on a collection"))
    .requiredOption('--team <name>', 'the team')
    .requiredOption('--collection <name>', 'the collection')
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command) => {
      const options = parseOptionsOrExit(cli, command, clearScopeSchema, rawOptions);
      await cli.withAppContext((context) => clearScope(context, options));
      cli.print(
        command,
        { team: options.team, collection: options.collection, condition: null },
        `Cleared the scope of team ${options.team} on ${options.collection} in ${options.environment}.`,
      );
    });
};
