import { type Command, InvalidArgumentError } from 'commander';
import type { AppContext } from '../../context';
import { getUserByEmail } from '../../identity';
import { findProjectByName } from '../../projects/project-lookup';
import { type CreateTokenInput, tokenIdSchema } from '../../tokens/token-schemas';
import { PERMISSION_LEVELS, type PermissionLevelName } from '../../tokens/token-scopes';
import type { TokenView } from '../../tokens/token-view';
import { createToken, listTokens, revokeToken } from '../../tokens/tokens-service';
import { type CliContext, ExitCode, isJson, type RegisterCommand } from '../cli-context';

interface CreateOptions {
  project: string;
  organization?: string;
  user: string;
  name: string;
  scopes: string[];
  permission: PermissionLevelName;
  expiresAt?: string;
  ssoSession?: boolean;
}

interface ListOptions {
  project: string;
  organization?: string;
  user?: string;
  includeRevoked?: boolean;
}

const parseScopes = (value: string): string[] =>
  value
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope !== '');

function parseTokenId(value: string): number {
  const parsed = tokenIdSchema.safeParse(value);
  if (!parsed.success) throw new InvalidArgumentError('A token id is a positive integer.');
  return parsed.data;
}

function describeToken(token: TokenView): string {
  const dates = [
    `created ${token.createdAt.toISOString()}`,
    `last used ${token.lastUsedAt?.toISOString() ?? 'never'}`,
    `expires ${token.expiresAt?.toISOString() ?? 'never'}`,
  ];
  const origin = [
    ...(token.createdInSsoSession ? ['created in an SSO session'] : []),
    // Shown either way: the public API refuses a token made by a non-Admin, even once they are one.
    token.createdByAdmin ? 'created by an Admin' : 'created by a non-Admin',
  ];
  return [
    `${token.id}\t${token.displayPrefix}…\t${token.name}\t${token.status}`,
    `\t${token.permissionLevel}; scopes ${token.scopes.join(', ')}; user ${token.user.email}`,
    `\t${[...dates, ...origin].join('; ')}`,
  ].join('\n');
}

/**
 * Runs `work`; an invalid value that only the service can judge (a past expiry, read-only with
 * notes:write) is a usage error (exit 2), reported like every other CLI error.
 */
async function withUsageErrors(cli: CliContext, command: Command, work: (context: AppContext) => Promise<void>) {
  try {
    await cli.withAppContext(work);
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'ValidationError') throw error;
    const { issues } = error as Error & { issues?: unknown };
    if (isJson(command))
      cli.io.stdout(`${JSON.stringify({ error: { name: error.name, message: error.message, issues } })}\n`);
    else cli.io.stderr(`error: ${error.message}\n`);
    cli.setExitCode(ExitCode.Usage);
  }
}

export const registerTokensCommand: RegisterCommand = (program, cli) => {
  const tokens = program
    .command('tokens')
    .description('Create, list and revoke application tokens (see docs/tokens.md)');

  tokens
    .command('create')
    .description("Create an application token for a user's project; prints its value once")
    .requiredOption('--project <name>', 'project name (case sensitive)')
    .option('--organization <name>', 'organization of the project, when several projects share the name')
    .requiredOption('--user <email>', 'the member the token acts as')
    .requiredOption('--name <name>', 'a name to recognise the token by (1 to 100 characters)')
    .requiredOption(
      '--scopes <list>',
      'comma-separated: activity_logs:read, admin_logs:read, notes:read, notes:write, all',
      parseScopes,
    )
    .requiredOption('--permission <level>', 'read-only or read-write', (value: string) => {
      if (!(PERMISSION_LEVELS as readonly string[]).includes(value)) {
        throw new InvalidArgumentError(`Allowed choices are ${PERMISSION_LEVELS.join(', ')}.`);
      }
      return value;
    })
    .option('--expires-at <iso>', 'expiration date, ISO 8601 (2030-01-31 or 2030-01-31T12:00:00Z), in the future')
    .option('--sso-session', 'the user is logged in through SSO (required on projects that use SSO)')
    .option('--json', 'print machine-readable JSON')
    .action(async (options: CreateOptions, command: Command) => {
      await withUsageErrors(cli, command, async (context) => {
        const project = await findProjectByName(context, options.project, options.organization);
        const user = await getUserByEmail(context, options.user);
        const created = await createToken(
          context,
          user.id,
          project.id,
          {
            name: options.name,
            // Unchecked strings: the service validates them and reports unknown scopes.
            scopes: options.scopes as CreateTokenInput['scopes'],
            permissionLevel: options.permission,
            expiresAt: options.expiresAt,
          },
          { isSsoSession: options.ssoSession === true, source: 'cli' },
        );
        cli.print(
          command,
          created,
          [
            `Created token ${created.token.id} "${created.token.name}" for ${user.email} on project ${project.name}.`,
            created.value,
            'Copy it now: it is shown only once and cannot be retrieved.',
          ].join('\n'),
        );
      });
    });

  tokens
    .command('list')
    .description("List a project's tokens (never their values)")
    .requiredOption('--project <name>', 'project name (case sensitive)')
    .option('--organization <name>', 'organization of the project, when several projects share the name')
    .option('--user <email>', "only this user's tokens")
    .option('--include-revoked', 'also list revoked tokens')
    .option('--json', 'print machine-readable JSON')
    .action(async (options: ListOptions, command: Command) => {
      await withUsageErrors(cli, command, async (context) => {
        const project = await findProjectByName(context, options.project, options.organization);
        const user = options.user === undefined ? undefined : await getUserByEmail(context, options.user);
        const list = await listTokens(context, {
          projectId: project.id,
          userId: user?.id,
          includeRevoked: options.includeRevoked === true,
        });
        cli.print(
          command,
          { tokens: list },
          list.length === 0 ? `No tokens on project ${project.name}.` : list.map(describeToken).join('\n'),
        );
      });
    });

  tokens
    .command('revoke')
    .description('Revoke a token at once, on every instance; revoking a revoked token changes nothing')
    .argument('<id>', 'token id, as `tokens list` shows it', parseTokenId)
    .option('--json', 'print machine-readable JSON')
    .action(async (id: number, _options: unknown, command: Command) => {
      await withUsageErrors(cli, command, async (context) => {
        const token = await revokeToken(context, id, null, { source: 'cli' });
        cli.print(command, { token }, `Revoked token ${token.id} "${token.name}" (${token.displayPrefix}…).`);
      });
    });
};
