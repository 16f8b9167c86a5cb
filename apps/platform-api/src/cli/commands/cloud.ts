import type { Command } from 'commander';
import type { z } from 'zod';
import { environmentTargetSchema } from '../../agents/agent-admin-schemas';
import {
  cloudConnectionOptionsSchema,
  cloudLoginIdSchema,
  cloudLoginsListOptionsSchema,
} from '../../cloud/cloud-admin-schemas';
import {
  type CloudEnvironmentView,
  disableCloudEnvironment,
  enableCloudEnvironment,
  listCloudEnvironments,
  requestReintrospection,
  setCloudConnection,
} from '../../cloud/cloud-admin-service';
import { type CloudLoginView, listCloudLogins, revokeCloudLoginByOperator } from '../../cloud/cloud-logins-admin';
import { checkDatabaseUrl } from '../../cloud/database-url';
import { ValidationError } from '../../errors';
import type { CliContext, RegisterCommand } from '../cli-context';
import { failUsage, parseOptionsOrExit } from '../cli-usage';
import { relayToRunningServer } from '../relay/relay-client';

type Target = z.output<typeof environmentTargetSchema>;

const SECRET_WARNING =
  "It replaces the environment's previous secret: an agent connected with the old one is refused until it is given this one.";

export const registerCloudCommand: RegisterCommand = (program, cli) => {
  const cloud = program
    .command('cloud')
    .description('Cloud environments, whose agent the platform hosts, and cloud CLI logins (see docs/cloud.md)');

  withTarget(
    cloud.command('enable').description('Make an environment a cloud environment; prints its new secret once'),
  ).action(async (project: string, environment: string, rawOptions: Record<string, unknown>, command: Command) => {
    const { target, databaseUrl, argv } = connectionOptions(cli, command, project, environment, rawOptions, 'enable');
    const enabled = await relayIfHeld(cli, argv, () =>
      cli.withAppContext((context) => enableCloudEnvironment(context, target, databaseUrl)),
    );
    if (!enabled) return;
    const text = [
      `${describeTarget(target)} is now a cloud environment: the platform hosts its agent (run \`platform-api cloud-runner\`).`,
      'Its new environment secret, shown once (only its hash is stored):',
      `  ${enabled.environmentSecret}`,
      'Give it to the customer for `platform-cloud bootstrap --env-secret <secret>`.',
      `Warning: ${SECRET_WARNING}`,
    ].join('\n');
    cli.print(command, { ...enabled, warning: SECRET_WARNING }, text);
  });

  const connection = cloud.command('connection').description("A cloud environment's database connection");
  withTarget(connection.command('set').description('Replace the database URL the hosted agent connects to')).action(
    async (project: string, environment: string, rawOptions: Record<string, unknown>, command: Command) => {
      const { target, databaseUrl, argv } = connectionOptions(
        cli,
        command,
        project,
        environment,
        rawOptions,
        'connection set',
      );
      const isDone = await relayIfHeld(cli, argv, async () => {
        await cli.withAppContext((context) => setCloudConnection(context, target, databaseUrl));
        return true;
      });
      if (!isDone) return;
      const text = `Replaced the database connection of ${describeTarget(target)}; the hosted agent uses it from its next start.`;
      cli.print(command, { environment: target.environment, project: target.project, connectionReplaced: true }, text);
    },
  );

  withPositionalTarget(
    cloud.command('disable').description("Stop hosting an environment's agent; deletes its bundles and logs"),
  ).action(async (project: string, environment: string, rawOptions: unknown, command: Command) => {
    const target = targetOf(cli, command, project, environment, rawOptions);
    const { deletedBundles } = await cli.withAppContext((context) => disableCloudEnvironment(context, target));
    const text = `${describeTarget(target)} is no longer a cloud environment (${deletedBundles} bundle(s) deleted); its secret stays valid.`;
    cli.print(command, { ...target, deletedBundles }, text);
  });

  withPositionalTarget(
    cloud.command('reintrospect').description('Have the hosted agent read the database structure again'),
  ).action(async (project: string, environment: string, rawOptions: unknown, command: Command) => {
    const target = targetOf(cli, command, project, environment, rawOptions);
    await cli.withAppContext((context) => requestReintrospection(context, target));
    const text = `The hosted agent of ${describeTarget(target)} reads the database structure again (the runner restarts it).`;
    cli.print(command, { ...target, reintrospectionRequested: true }, text);
  });

  cloud
    .command('list')
    .description('List the cloud environments')
    .option('--json', 'print machine-readable JSON')
    .action(async (_options: unknown, command: Command) => {
      const list = await cli.withAppContext((context) => listCloudEnvironments(context));
      cli.print(
        command,
        { environments: list },
        list.length === 0 ? 'No cloud environment.' : list.map(describeEnvironment).join('\n'),
      );
    });

  registerLoginsCommands(cloud, cli);
};

function registerLoginsCommands(cloud: Command, cli: CliContext): void {
  const logins = cloud.command('logins').description('The logins of the cloud CLI (platform-cloud login)');

  logins
    .command('list')
    .description('List the logins, newest first')
    .option('--user <email>', "only this user's logins")
    .option('--include-revoked', 'also list revoked logins')
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command: Command) => {
      const options = parseOptionsOrExit(cli, command, cloudLoginsListOptionsSchema, rawOptions);
      const list = await cli.withAppContext((context) =>
        listCloudLogins(context, { userEmail: options.user, includeRevoked: options.includeRevoked }),
      );
      cli.print(
        command,
        { logins: list },
        list.length === 0 ? 'No cloud CLI login.' : list.map(describeLogin).join('\n'),
      );
    });

  logins
    .command('revoke <loginId>')
    .description('Revoke a login: its access and refresh tokens stop working at once')
    .option('--json', 'print machine-readable JSON')
    .action(async (rawId: string, _options: unknown, command: Command) => {
      const id = parseOptionsOrExit(cli, command, cloudLoginIdSchema, rawId);
      const { login, isNewlyRevoked } = await cli.withAppContext((context) => revokeCloudLoginByOperator(context, id));
      const text = isNewlyRevoked
        ? `Revoked cloud CLI login ${login.id} of ${login.userEmail}${login.clientLabel ? ` on ${login.clientLabel}` : ''}.`
        : `Cloud CLI login ${login.id} of ${login.userEmail} was revoked already.`;
      cli.print(command, { login, isNewlyRevoked }, text);
    });
}

/** `<project> <environment>`, `--organization`, `--json`. */
function withPositionalTarget(command: Command): Command {
  return command
    .argument('<project>', 'the project')
    .argument('<environment>', 'the environment of the project')
    .option('--organization <name>', 'the organization of the project, when several projects have that name')
    .option('--json', 'print machine-readable JSON');
}

/** `withPositionalTarget` plus the database URL options. */
function withTarget(command: Command): Command {
  return withPositionalTarget(command)
    .option(
      '--database-url-env <VAR>',
      'read the database URL from this environment variable (keeps it out of the shell history)',
    )
    .option(
      '--database-url <url>',
      'the database URL: postgres://, postgresql://, mysql://, mariadb:// or sqlite:<path>',
    );
}

function targetOf(
  cli: CliContext,
  command: Command,
  project: string,
  environment: string,
  rawOptions: unknown,
): Target {
  const { organization } = (rawOptions ?? {}) as { organization?: string };
  return parseOptionsOrExit(cli, command, environmentTargetSchema, { project, environment, organization });
}

/**
 * The target and the checked database URL; a usage error (exit 2) for a bad option, an unset
 * variable or a URL that is not a SQL one (the message never repeats the URL). `argv` runs the same
 * command with the URL itself, for a running server to run it (the variable is this process's).
 */
function connectionOptions(
  cli: CliContext,
  command: Command,
  project: string,
  environment: string,
  rawOptions: Record<string, unknown>,
  name: string,
) {
  const options = parseOptionsOrExit(cli, command, cloudConnectionOptionsSchema, {
    project,
    environment,
    ...rawOptions,
  });
  const { databaseUrlEnv } = options;
  const raw = databaseUrlEnv === undefined ? options.databaseUrl : cli.io.env[databaseUrlEnv];
  if (raw === undefined || raw.trim() === '') {
    failUsage(
      cli,
      command,
      new ValidationError(`--database-url-env: ${databaseUrlEnv} is not set (or empty) in this environment.`, [
        { path: '--database-url-env', message: `${databaseUrlEnv} is not set` },
      ]),
    );
  }
  let databaseUrl: string;
  try {
    databaseUrl = checkDatabaseUrl(
      raw,
      databaseUrlEnv === undefined ? '--database-url' : `--database-url-env ${databaseUrlEnv}`,
    );
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    failUsage(cli, command, error);
  }
  const target: Target = {
    project: options.project,
    environment: options.environment,
    organization: options.organization,
  };
  const argv = [
    'cloud',
    ...name.split(' '),
    project,
    environment,
    ...(target.organization === undefined ? [] : ['--organization', target.organization]),
    '--database-url',
    databaseUrl,
    ...(command.opts<{ json?: boolean }>().json ? ['--json'] : []),
  ];
  return { target, databaseUrl, argv };
}

/**
 * Runs `work`; when a running server holds the embedded database, has it run `argv` instead and
 * ends with its exit code (undefined then). The program relays other commands itself, but would
 * send `--database-url-env`, which the server would read in its own environment.
 */
async function relayIfHeld<T>(
  cli: CliContext,
  argv: readonly string[],
  work: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'DataDirInUseError' || cli.io.openDatabase) throw error;
    const exitCode = await relayToRunningServer(cli.loadConfig(), argv, cli.io);
    if (exitCode === undefined) throw error;
    cli.setExitCode(exitCode as 0 | 1 | 2);
    return undefined;
  }
}

function describeTarget(target: Target): string {
  return `Environment ${target.environment} of project ${target.project}`;
}

function describeEnvironment(view: CloudEnvironmentView): string {
  const versions = `latest version ${view.latestVersion ?? 'none'}, live ${view.liveVersion ?? 'none'}`;
  const introspected = view.introspectedAt ? `introspected ${view.introspectedAt.toISOString()}` : 'not introspected';
  return [
    `${view.environmentId}\t${view.organization} · ${view.project} · ${view.environment}\t${view.kind}`,
    `\tport ${view.port ?? 'not assigned'}; ${versions}; ${introspected}`,
  ].join('\n');
}

function describeLogin(login: CloudLoginView): string {
  const status = login.revokedAt
    ? `revoked ${login.revokedAt.toISOString()}`
    : `refreshable until ${login.refreshExpiresAt.toISOString()}`;
  return [
    `${login.id}\t${login.userEmail}\t${login.clientLabel || '(no label)'}\t${status}`,
    `\tsigned in ${login.createdAt.toISOString()}; last used ${login.lastUsedAt?.toISOString() ?? 'never'}`,
  ].join('\n');
}
