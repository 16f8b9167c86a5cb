import type { AgentContractTarget, McpCodeRequest } from '@platform/platform-contract/testing';
import { closeAgentEvents } from '../../src/agent-events/agent-events';
import { issueAuthorizationCode } from '../../src/agents/authorization-codes';
import { mintUserToken } from '../../src/agents/mint-user-token';
import { grantCollectionRights } from '../../src/agents/permissions-admin';
import { environmentUsers } from '../../src/agents/permissions-service';
import { setScope } from '../../src/agents/scopes-admin';
import type { AppContext } from '../../src/context';
import type { Role } from '../../src/generated/prisma/client';
import { serve } from '../../src/http/serve';
import { approveAuthorization } from '../../src/mcp-auth/approve-authorization';
import { checkAuthorizationRequest, checkAuthorizationTarget } from '../../src/mcp-auth/mcp-authorization-request';
import { type AgentWorld, seedAgentWorld } from '../factories/agent-factory';
import { createTestClock } from '../factories/test-clock';
import { seedUser } from '../factories/user-factory';
import { createTestContext, type DatabaseKind } from '../helpers/test-context';

/** platform-api on a real socket over a fresh database of `kind`, with an AgentWorld seeded. */
export interface AgentPlatform extends AgentContractTarget {
  readonly context: AppContext;
  readonly world: AgentWorld;
}

export interface AgentPlatformOptions {
  /** Extra environment variables of the server's configuration. */
  readonly env?: Readonly<Record<string, string>>;
}

export async function startAgentPlatform(
  kind: DatabaseKind,
  options: AgentPlatformOptions = {},
): Promise<AgentPlatform> {
  // Starts at the real time: the suite's messages carry real instants.
  const clock = createTestClock(new Date());
  // The contract suite registers every MCP client it uses from this one address.
  const env = { PLATFORM_MCP_REGISTRATION_RATE_LIMIT: '10000', ...options.env };
  const test = await createTestContext(kind, { now: clock.now, env });
  const { context } = test;
  const running = await serve(test.app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 2_000 });
  const world = await seedAgentWorld(context);
  const target = { project: world.project.name, environment: world.environment.name };

  /** The code the consent page's Allow issues to `userId` for `request`, through the page's own checks. */
  async function issueMcpCodeFor(userId: number, request: McpCodeRequest): Promise<string> {
    const input = { environmentId: String(world.environment.id), codeChallengeMethod: 'S256', ...request };
    const authorization = checkAuthorizationRequest(await checkAuthorizationTarget(context, input), input);
    const [user] = await environmentUsers(context, world.environment, userId);
    if (!user) throw new Error(`user ${userId} may not use the environment`);
    return approveAuthorization(context, authorization, user);
  }

  return {
    context,
    world,
    serverUrl: running.url,
    envSecret: world.envSecret,
    agentUrl: world.agentUrl,
    team: world.team.name,
    userEmail: world.member.email,
    userRole: 'Editor',
    seed: {
      grant: (role, collection, rights) =>
        grantCollectionRights(context, { ...target, role: role as Role, collection, rights: [...rights], actions: [] }),
      setScope: (team, collection, condition) => setScope(context, { ...target, team, collection, condition }),
      issueCode: (redirectUri) => issueAuthorizationCode(context, world.environment, world.member.id, redirectUri),
      async issueCodeForRemovedUser(redirectUri) {
        const leaving = await seedUser(context, { project: world.project, role: 'Editor' });
        const membership = { teamId: world.team.id, userId: leaving.id };
        await context.prisma.teamMembership.create({ data: membership });
        const code = await issueAuthorizationCode(context, world.environment, leaving.id, redirectUri);
        await context.prisma.teamMembership.delete({ where: { teamId_userId: membership } });
        return code;
      },
      mintUserToken: () =>
        mintUserToken(context, { userId: world.member.id, environmentId: world.environment.id, purpose: 'workflow' }),
      advanceClock: async (milliseconds) => clock.advance(milliseconds),
      issueMcpCode: (request) => issueMcpCodeFor(world.member.id, request),
      async issueMcpCodeForLeavingUser(request) {
        const leaving = await seedUser(context, { project: world.project, role: 'Editor' });
        const membership = { teamId: world.team.id, userId: leaving.id };
        await context.prisma.teamMembership.create({ data: membership });
        const code = await issueMcpCodeFor(leaving.id, request);
        return {
          code,
          removeUser: async () => {
            await context.prisma.teamMembership.delete({ where: { teamId_userId: membership } });
          },
        };
      },
    },
    async close() {
      const stopping = running.close();
      await closeAgentEvents(context);
      await stopping;
      await test.close();
    },
  };
}
