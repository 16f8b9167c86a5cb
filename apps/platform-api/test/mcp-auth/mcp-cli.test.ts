import { type McpClientRegistrationResponse, mcpTokenResponseSchema } from '@platform/platform-contract';
import { environmentUsers } from '../../src/agents/permissions-service';
import { recordConsent } from '../../src/mcp-auth/mcp-grants-service';
import { type AgentPlatform, startAgentPlatform } from '../agents/agent-platform';
import type { CliRun } from '../cli/run-cli';
import { type AgentWorld, seedAgentWorld } from '../factories/agent-factory';
import { runCliInContext } from '../helpers/cli-database';
import { describeEachDatabase } from '../helpers/test-context';
import { exchangeCode, obtainCode, refresh, registerClient } from './mcp-auth-client';

describeEachDatabase('platform-api mcp', (kind) => {
  let platform: AgentPlatform;
  let otherWorld: AgentWorld;

  beforeAll(async () => {
    platform = await startAgentPlatform(kind);
    otherWorld = await seedAgentWorld(platform.context);
  });
  afterAll(() => platform.close());

  const cli = (...argv: string[]): Promise<CliRun> => runCliInContext(platform.context, argv);
  /** A client with a grant of the world's member, and the refresh token of that grant. */
  const clientWithGrant = async () => {
    const client = await registerClient(platform);
    const code = await obtainCode(platform, client);
    const tokens = mcpTokenResponseSchema.parse((await exchangeCode(platform, client, code)).body);
    const grant = await platform.context.prisma.mcpGrant.findFirstOrThrow({ where: { clientId: client.client_id } });
    return { client, grant, refreshToken: tokens.refresh_token };
  };
  /** A grant of `world`'s member to `client` on `world`'s environment, as the consent page records it. */
  const consent = async (client: McpClientRegistrationResponse, world: AgentWorld) => {
    const [user] = await environmentUsers(platform.context, world.environment, world.member.id);
    if (!user) throw new Error('the member may not use the environment');
    return recordConsent(platform.context, { clientId: client.client_id, environmentId: world.environment.id }, user, [
      'mcp:read',
    ]);
  };

  describe('clients', () => {
    test('list shows the standing clients, and revoked ones with --include-revoked', async () => {
      const standing = await registerClient(platform, { client_name: 'Standing' });
      const revoked = await registerClient(platform, { client_name: 'Gone' });
      await cli('mcp', 'clients', 'revoke', revoked.client_id);

      const text = await cli('mcp', 'clients', 'list');
      const json = await cli('mcp', 'clients', 'list', '--include-revoked', '--json');

      expect(text.exitCode).toBe(0);
      expect(text.stdout).toContain(`${standing.client_id}\tStanding\tactive`);
      expect(text.stdout).not.toContain(revoked.client_id);
      const ids = json
        .json<{ clients: { id: string; revokedAt: string | null }[] }>()
        .clients.map((client) => client.id);
      expect(ids).toEqual(expect.arrayContaining([standing.client_id, revoked.client_id]));
    });

    test('register stores a client an operator names, with its redirect URIs and scopes', async () => {
      const run = await cli(
        'mcp',
        'clients',
        'register',
        '--name',
        'Internal tool',
        '--redirect-uri',
        'https://tool.example.test/callback',
        '--redirect-uri',
        'http://localhost:7777/cb',
        '--scope',
        'mcp:read',
        '--json',
      );

      expect(run.exitCode).toBe(0);
      const registered = run.json<McpClientRegistrationResponse>();
      expect(registered).toMatchObject({
        client_name: 'Internal tool',
        redirect_uris: ['https://tool.example.test/callback', 'http://localhost:7777/cb'],
        scope: 'mcp:read',
      });
      const entry = await platform.context.prisma.adminLog.findFirst({
        where: { action: 'mcp_client.register', targetId: registered.client_id },
      });
      expect(entry?.details).toMatchObject({ source: 'cli' });
    });

    test('register refuses an unacceptable redirect URI with exit code 2', async () => {
      const before = await platform.context.prisma.mcpClient.count();

      const run = await cli(
        'mcp',
        'clients',
        'register',
        '--name',
        'x',
        '--redirect-uri',
        'http://tool.example.test/cb',
      );

      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain('is not acceptable');
      expect(await platform.context.prisma.mcpClient.count()).toBe(before);
    });

    test('revoke ends the client and every grant it held: lookups and refreshes are refused at once', async () => {
      const { client, grant, refreshToken } = await clientWithGrant();

      const run = await cli('mcp', 'clients', 'revoke', client.client_id);
      const refreshed = await refresh(platform, client, refreshToken);

      expect(run.exitCode).toBe(0);
      expect(run.stdout).toBe(`Revoked MCP client ${client.client_id} (Test MCP client) and 1 grant it held.\n`);
      expect(refreshed).toMatchObject({ status: 401, body: { code: 'invalid_client' } });
      expect(await platform.context.prisma.mcpGrant.findUniqueOrThrow({ where: { id: grant.id } })).toMatchObject({
        revokedReason: 'client_revoked',
        isActive: null,
      });
      const actions = await platform.context.prisma.adminLog.findMany({
        where: { OR: [{ targetId: client.client_id }, { targetId: String(grant.id), targetType: 'mcp_grant' }] },
        orderBy: { id: 'asc' },
      });
      expect(actions.map((entry) => entry.action)).toEqual([
        'mcp_client.register',
        'mcp_grant.consent',
        'mcp_grant.exchange_code',
        'mcp_client.revoke',
        'mcp_grant.revoke',
      ]);
      expect(actions.at(-1)?.details).toMatchObject({ reason: 'client_revoked' });
    });

    test('revoke of an unknown client exits 1', async () => {
      const run = await cli('mcp', 'clients', 'revoke', 'mcp_unknown');

      expect(run.exitCode).toBe(1);
      expect(run.stderr).toContain('No MCP client has the id mcp_unknown.');
    });
  });

  describe('grants', () => {
    test('list filters by user, by environment of a project, and shows revoked grants on request', async () => {
      const client = await registerClient(platform);
      const here = await consent(client, platform.world);
      const there = await consent(client, otherWorld);
      const revoked = await consent(await registerClient(platform), platform.world);
      await cli('mcp', 'grants', 'revoke', String(revoked.id));
      const ids = async (...filters: string[]) =>
        (await cli('mcp', 'grants', 'list', ...filters, '--json'))
          .json<{ grants: { id: number }[] }>()
          .grants.map((grant) => grant.id);

      const byUser = await ids('--user', otherWorld.member.email);
      const byEnvironment = await ids('--project', platform.world.project.name, '--environment', 'production');
      const withRevoked = await ids('--project', platform.world.project.name, '--include-revoked');
      const text = await cli('mcp', 'grants', 'list', '--client', client.client_id);

      expect(byUser).toEqual([there.id]);
      expect(byEnvironment).toContain(here.id);
      expect(byEnvironment).not.toContain(there.id);
      expect(byEnvironment).not.toContain(revoked.id);
      expect(withRevoked).toEqual(expect.arrayContaining([here.id, revoked.id]));
      expect(text.stdout).toContain(
        `${here.id}\t${platform.world.member.email}\tTest MCP client (${client.client_id})\tactive`,
      );
      expect(text.stdout).toContain(`${platform.world.project.name} · production; scopes mcp:read; role Editor`);
    });

    test('list refuses --environment without --project with exit code 2', async () => {
      const run = await cli('mcp', 'grants', 'list', '--environment', 'production');

      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain('--project');
    });

    test('revoke stops the grant at once, logs it, and is idempotent', async () => {
      const { client, grant, refreshToken } = await clientWithGrant();

      const first = await cli('mcp', 'grants', 'revoke', String(grant.id), '--json');
      const refreshed = await refresh(platform, client, refreshToken);
      const again = await cli('mcp', 'grants', 'revoke', String(grant.id));

      expect(first.exitCode).toBe(0);
      expect(first.json<{ grant: { revokedReason: string } }>().grant.revokedReason).toBe('operator');
      expect(refreshed).toMatchObject({ status: 400, body: { code: 'invalid_grant' } });
      expect(again.exitCode).toBe(0);
      const entries = await platform.context.prisma.adminLog.findMany({
        where: { action: 'mcp_grant.revoke', targetId: String(grant.id) },
      });
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ projectId: platform.world.project.id });
      expect(entries[0]?.details).toMatchObject({ reason: 'operator', userEmail: platform.world.member.email });
    });

    test('revoke refuses a malformed id with exit code 2 and an unknown one with 1', async () => {
      const malformed = await cli('mcp', 'grants', 'revoke', 'abc');
      const unknown = await cli('mcp', 'grants', 'revoke', '987654');

      expect(malformed.exitCode).toBe(2);
      expect(unknown.exitCode).toBe(1);
      expect(unknown.stderr).toContain('No MCP grant has the id 987654');
    });
  });
});
