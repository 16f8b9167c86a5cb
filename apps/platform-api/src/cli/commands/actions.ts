import { addActionSchema, removeActionSchema } from '../../agents/agent-admin-schemas';
import { addNoCodeAction, removeNoCodeAction } from '../../agents/no-code-actions-admin';
import type { RegisterCommand } from '../cli-context';
import { parseOptionsOrExit } from '../cli-usage';
import { parseJsonOption, withEnvironmentOptions } from './agent-options';

export const registerActionsCommand: RegisterCommand = (program, cli) => {
  const actions = program.command('actions').description('Manage no-code actions of an environment (experimental)');

  withEnvironmentOptions(actions.command('add').description('Add (or replace) a no-code action'))
    .requiredOption(
      '--definition <json>',
      'the action, e.g. \'{"type":"webhook","collection":"orders","name":"Notify","scope":"Single","url":"https://hooks.example.com"}\'',
      parseJsonOption,
    )
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command) => {
      const options = parseOptionsOrExit(cli, command, addActionSchema, rawOptions);
      await cli.withAppContext((context) => addNoCodeAction(context, options));
      const { collection, name } = options.definition;
      cli.print(
        command,
        { action: options.definition },
        `Added action ${name} on ${collection} in ${options.environment}.`,
      );
    });

  withEnvironmentOptions(actions.command('remove').description('Remove a no-code action'))
    .requiredOption('--collection <name>', 'the collection')
    .requiredOption('--name <name>', 'the action')
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command) => {
      const options = parseOptionsOrExit(cli, command, removeActionSchema, rawOptions);
      await cli.withAppContext((context) => removeNoCodeAction(context, options));
      cli.print(
        command,
        { removed: { collection: options.collection, name: options.name } },
        `Removed action ${options.name} on ${options.collection} in ${options.environment}.`,
      );
    });
};
