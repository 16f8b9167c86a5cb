import { ValidationError } from '../../errors';
import {
  type OrganizationSetup,
  organizationSetupInputSchema,
  setupOrganization,
} from '../../identity/organization-setup';
import type { RegisterCommand } from '../cli-context';
import { failUsage, parseList, parseOptionsOrExit } from '../cli-usage';

interface InitOptions {
  organization: string;
  project: string;
  environments: string[];
  adminEmail: string;
  adminPassword?: string;
  adminFirstName?: string;
  adminLastName?: string;
  usesSso?: boolean;
}

export const registerInitCommand: RegisterCommand = (program, cli) => {
  program
    .command('init')
    .description(
      'Create an organization with its first project, its environments (printing their secrets once), ' +
        'the first Admin user and the default team "Operations"',
    )
    .requiredOption('--organization <name>', 'name of the new organization')
    .requiredOption('--project <name>', 'name of its first project')
    .requiredOption('--environments <names>', 'comma-separated environment names, e.g. production,staging', parseList)
    .requiredOption('--admin-email <email>', "the first Admin's email (an existing user becomes the Admin as they are)")
    .option(
      '--admin-password <password>',
      "the first Admin's password (at least 8 characters): required for a new user unless --uses-sso; omit it for an existing user",
    )
    .option('--admin-first-name <name>', "the first Admin's first name")
    .option('--admin-last-name <name>', "the first Admin's last name")
    .option('--uses-sso', 'the project requires SSO sign-in for its application tokens')
    .option('--json', 'print machine-readable JSON')
    .action(async (options: InitOptions, command) => {
      const input = parseOptionsOrExit(cli, command, organizationSetupInputSchema, {
        organization: options.organization,
        project: options.project,
        environments: options.environments,
        adminEmail: options.adminEmail,
        adminPassword: options.adminPassword,
        adminFirstName: options.adminFirstName,
        adminLastName: options.adminLastName,
        usesSso: options.usesSso === true,
      });
      let setup: OrganizationSetup;
      try {
        setup = await cli.withAppContext((context) => setupOrganization(context, input));
      } catch (error) {
        // Only the database tells whether the admin is new and so needs a password: a usage error.
        if (!(error instanceof Error) || error.name !== 'ValidationError') throw error;
        const issues = ((error as ValidationError).issues ?? []).map((issue) => ({
          path: issue.path === 'adminPassword' ? '--admin-password' : issue.path,
          message: issue.message,
        }));
        const message = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ') || error.message;
        failUsage(cli, command, new ValidationError(message, issues));
      }
      cli.print(command, setup, describeSetup(setup));
    });
};

function describeSetup(setup: OrganizationSetup): string {
  const width = Math.max(...setup.environments.map((environment) => environment.name.length));
  return [
    `Created organization "${setup.organization.name}" with project "${setup.project.name}"` +
      `${setup.project.usesSso ? ' (uses SSO)' : ''}.`,
    `Admin: ${setup.admin.email}${setup.admin.hasPassword ? '' : ' (SSO sign-in only)'}`,
    `Team: ${setup.team.name} (sees every environment)`,
    '',
    'Environment secrets (shown once, only their hash is stored; give each to its agent as its env secret):',
    ...setup.environments.map((environment) => `  ${environment.name.padEnd(width)}  ${environment.secret}`),
  ].join('\n');
}
