import type { AgentContractTarget } from '@platform/platform-contract/testing';
import { grantCollectionRights, setScope } from '../../src/agents/agent-admin-service';
import { closeAgentEvents } from '../../src/agents/agent-events';
import { issueAuthorizationCode } from '../../src/agents/authorization-codes';
import type { AppContext } from '../../src/context';
import type { Role } from '../../src/generated/prisma/client';
import { serve } from '../../src/http/serve';
import { type AgentWorld, seedAgentWorld } from '../factories/agent-factory';
import { createTestContext, type DatabaseKind } from '../helpers/test-context';

/** platform-api on a real socket over a fresh database of `kind`, with an AgentWorld seeded. */
export interface AgentPlatform extends AgentContractTarget {
  readonly context: AppContext;
  readonly world: AgentWorld;
}

export async function startAgentPlatform(kind: DatabaseKind): Promise<AgentPlatform> {
  const test = await createTestContext(kind);
  const { context } = test;
  const running = await serve(test.app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 2_000 });
  const world = await seedAgentWorld(context);
  const target = { project: world.project.name, environment: world.environment.name };

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
    },
    async close() {
      const stopping = running.close();
      await closeAgentEvents(context);
      await stopping;
      await test.close();
    },
  };
}
