import { COLLECTION_RIGHTS } from '@platform/platform-contract';
import { chartsSchema, grantSchema } from '../../agents/agent-admin-schemas';
import { grantCollectionRights, revokeCollectionRights, setChartsRight } from '../../agents/permissions-admin';
import type { RegisterCommand } from '../cli-context';
import { parseList, parseOptionsOrExit } from '../cli-usage';
import { withEnvironmentOptions } from './agent-options';

const RIGHTS = COLLECTION_RIGHTS.join(',');

export const registerPermissionsCommand: RegisterCommand = (program, cli) => {
  const permissions = program
    .command('permissions')
    .description("Manage what each project role may do on an environment's collections (through its agent)");

  for (const verb of ['grant', 'revoke'] as const) {
    withEnvironmentOptions(
      permissions
        .command(verb)
        .description(
          verb === 'grant'
            ? 'Grant a role rights (and actions) on a collection; Admin has every right already'
            : 'Revoke rights (and actions) of a role on a collection',
        ),
    )
      .requiredOption('--role <role>', 'the project role: Developer, Editor or User')
      .requiredOption('--collection <name>', 'the collection, as the agent names it')
      .option('--rights <rights>', `comma-separated rights among ${RIGHTS}`, parseList)
      .option('--actions <names>', 'comma-separated names of actions the role may trigger', parseList)
      .option('--json', 'print machine-readable JSON')
      .action(async (rawOptions: unknown, command) => {
        const options = parseOptionsOrExit(cli, command, grantSchema, rawOptions);
        await cli.withAppContext((context) =>
          verb === 'grant' ? grantCollectionRights(context, options) : revokeCollectionRights(context, options),
        );
        const what = [...options.rights, ...options.actions.map((action) => `action ${action}`)].join(', ');
        cli.print(
          command,
          {
            [verb === 'grant' ? 'granted' : 'revoked']: {
              role: options.role,
              collection: options.collection,
              rights: options.rights,
              actions: options.actions,
            },
          },
          verb === 'grant'
            ? `Granted ${options.role} ${what} on ${options.collection} in ${options.environment}.`
            : `Revoked ${what} of ${options.role} on ${options.collection} in ${options.environment}.`,
        );
      });
  }

  withEnvironmentOptions(permissions.command('charts').description('Allow or deny charts to a role'))
    .requiredOption('--role <role>', 'the project role: Developer, Editor or User')
    .option('--allow', 'allow charts')
    .option('--deny', 'deny charts')
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: { allow?: boolean; deny?: boolean }, command) => {
      const allowed = rawOptions.allow === true ? true : rawOptions.deny === true ? false : undefined;
      const options = parseOptionsOrExit(
        cli,
        command,
        chartsSchema,
        { ...rawOptions, allowed },
        { allowed: '--allow or --deny' },
      );
      await cli.withAppContext((context) => setChartsRight(context, options));
      cli.print(
        command,
        { role: options.role, charts: options.allowed },
        `${options.allowed ? 'Allowed' : 'Denied'} charts to ${options.role} in ${options.environment}.`,
      );
    });
};
