import type { Command } from 'commander';
import type { AppContext } from '../../context';
import { ValidationError } from '../../errors';
import type { McpClient } from '../../generated/prisma/client';
import { getUserByEmail } from '../../identity';
import { type ClientRegistration, parseClientRegistration } from '../../mcp-auth/client-registration';
import { clientRegisterOptionsSchema, grantIdSchema, grantListOptionsSchema } from '../../mcp-auth/mcp-auth-schemas';
import { createMcpClient, listMcpClients, revokeMcpClient } from '../../mcp-auth/mcp-clients-service';
import { type GrantView, listGrants, revokeGrantByOperator } from '../../mcp-auth/mcp-grants-admin';
import { toRegistrationResponse } from '../../mcp-auth/to-registration-response';
import { findNamedEnvironment } from '../../projects/environment-lookup';
import { findProjectByName } from '../../projects/project-lookup';
import type { CliContext, RegisterCommand } from '../cli-context';
import { failUsage, parseOptionsOrExit } from '../cli-usage';

function describeClient(client: McpClient): string {
  const status = client.revokedAt ? `revoked ${client.revokedAt.toISOString()}` : 'active';
  return [
    `${client.id}\t${client.name}\t${status}`,
    `\tredirect URIs ${client.redirectUris.join(' ')}; scopes ${client.scopes.join(' ')}`,
    `\tregistered ${client.createdAt.toISOString()}`,
  ].join('\n');
}

function describeGrant(grant: GrantView): string {
  const status = grant.revokedAt
    ? `revoked ${grant.revokedAt.toISOString()} (${grant.revokedReason ?? 'unknown reason'})`
    : 'active';
  return [
    `${grant.id}\t${grant.userEmail}\t${grant.clientName} (${grant.clientId})\t${status}`,
    `\t${grant.project} · ${grant.environment}; scopes ${grant.scopes.join(' ')}; role ${grant.role}; consented ${grant.consentedAt.toISOString()}`,
  ].join('\n');
}

export const registerMcpCommand: RegisterCommand = (program, cli) => {
  const mcp = program
    .command('mcp')
    .description('MCP clients and the grants users gave them (see docs/mcp-authorization.md)');
  registerClientsCommands(mcp, cli);
  registerGrantsCommands(mcp, cli);
};

function registerClientsCommands(mcp: Command, cli: CliContext): void {
  const clients = mcp.command('clients').description('Registered MCP clients');

  clients
    .command('list')
    .description('List the registered clients, newest first')
    .option('--include-revoked', 'also list revoked clients')
    .option('--json', 'print machine-readable JSON')
    .action(async (options: { includeRevoked?: boolean }, command: Command) => {
      const list = await cli.withAppContext((context) =>
        listMcpClients(context, { includeRevoked: options.includeRevoked === true }),
      );
      cli.print(command, { clients: list }, list.length === 0 ? 'No MCP client.' : list.map(describeClient).join('\n'));
    });

  clients
    .command('register')
    .description('Register a client (when PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS is off or leaves it out)')
    .requiredOption('--name <name>', 'the name users see on the consent page')
    .requiredOption(
      '--redirect-uri <uri>',
      'a redirect URI: https, or http on a loopback host (repeat for several)',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option(
      '--scope <scopes>',
      'space-separated scopes the client may ask for (default all: mcp:read mcp:write mcp:action)',
    )
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command: Command) => {
      const options = parseOptionsOrExit(cli, command, clientRegisterOptionsSchema, rawOptions);
      let registration: ClientRegistration;
      try {
        // The operator's decision: the host allow-list of dynamic registration does not apply.
        const body = { client_name: options.name, redirect_uris: options.redirectUri, scope: options.scope };
        registration = parseClientRegistration(body, { kind: 'open' });
      } catch (error) {
        if (!(error instanceof Error) || error.name !== 'ClientRegistrationError') throw error;
        failUsage(cli, command, new ValidationError(error.message));
      }
      const client = await cli.withAppContext((context) => createMcpClient(context, registration, 'cli'));
      cli.print(command, toRegistrationResponse(client), `Registered MCP client ${client.id} (${client.name}).`);
    });

  clients
    .command('revoke <clientId>')
    .description('Revoke a client and every grant it holds: its refresh tokens stop working at once')
    .option('--json', 'print machine-readable JSON')
    .action(async (clientId: string, _options: unknown, command: Command) => {
      const { client, revokedGrantIds } = await cli.withAppContext((context) => revokeMcpClient(context, clientId));
      const grants = revokedGrantIds.length === 1 ? '1 grant' : `${revokedGrantIds.length} grants`;
      cli.print(
        command,
        { client, revokedGrantIds },
        `Revoked MCP client ${client.id} (${client.name}) and ${grants} it held.`,
      );
    });
}

function registerGrantsCommands(mcp: Command, cli: CliContext): void {
  const grants = mcp.command('grants').description("Users' grants to MCP clients");

  grants
    .command('list')
    .description('List the grants, newest first')
    .option('--user <email>', "only this user's grants")
    .option('--project <name>', "only the grants on this project's environments")
    .option('--organization <name>', 'the organization of the project, when several projects have that name')
    .option('--environment <name>', 'only the grants on this environment of --project')
    .option('--client <clientId>', "only this client's grants")
    .option('--include-revoked', 'also list revoked grants')
    .option('--json', 'print machine-readable JSON')
    .action(async (rawOptions: unknown, command: Command) => {
      const options = parseOptionsOrExit(cli, command, grantListOptionsSchema, rawOptions);
      const list = await cli.withAppContext(async (context) =>
        listGrants(context, {
          ...(await resolveGrantFilters(context, options)),
          includeRevoked: options.includeRevoked,
        }),
      );
      cli.print(command, { grants: list }, list.length === 0 ? 'No MCP grant.' : list.map(describeGrant).join('\n'));
    });

  grants
    .command('revoke <grantId>')
    .description('Revoke a grant: its refresh tokens stop working at once')
    .option('--json', 'print machine-readable JSON')
    .action(async (rawGrantId: string, _options: unknown, command: Command) => {
      const grantId = parseOptionsOrExit(cli, command, grantIdSchema, rawGrantId);
      const grant = await cli.withAppContext((context) => revokeGrantByOperator(context, grantId));
      cli.print(
        command,
        { grant },
        `Revoked grant ${grant.id} of ${grant.userEmail} to ${grant.clientName} on ${grant.project} · ${grant.environment}.`,
      );
    });
}

async function resolveGrantFilters(
  context: AppContext,
  options: { user?: string; project?: string; organization?: string; environment?: string; client?: string },
) {
  const user = options.user === undefined ? undefined : await getUserByEmail(context, options.user);
  const project =
    options.project === undefined ? undefined : await findProjectByName(context, options.project, options.organization);
  const environment =
    options.environment === undefined || options.project === undefined
      ? undefined
      : await findNamedEnvironment(context, {
          project: options.project,
          organization: options.organization,
          environment: options.environment,
        });
  return { userId: user?.id, projectId: project?.id, environmentId: environment?.id, clientId: options.client };
}
