import { AUTHORIZE_PATH, MCP_AUTHORIZE_PATH } from '@platform/platform-contract';
import {
  type AgentContractTarget,
  type McpCodeRequest,
  runAgentContractSuite,
} from '@platform/platform-contract/testing';
import { createPlatformServerSandbox } from '../src';

const AGENT_URL = 'http://agent.example.test:3310/api';

/**
 * The sandbox as a target of the contract suite platform-api passes too: one environment, its
 * agent at AGENT_URL, an Editor in the team of its default rendering, a clock the suite moves.
 */
async function startSandboxForContract(): Promise<AgentContractTarget> {
  let clock = Date.now();
  const sandbox = await createPlatformServerSandbox(0, { now: () => new Date(clock) });
  const envSecret = sandbox.addEnvironment({ agentUrl: AGENT_URL });
  const environment = sandbox.environment(envSecret);
  const [rendering] = environment.listRenderings();
  if (rendering === undefined) throw new Error('A new sandbox environment has a rendering.');
  const member = environment.addUser({ email: 'grace@example.com', role: 'Editor', renderingId: rendering.id });
  environment.setCurrentUser(member.id);

  // Codes come from the sign-in page, as the browser of the current user would get them.
  const issueCode = async (redirectUri: string): Promise<string> => {
    const query = new URLSearchParams({ environmentId: String(environment.id), redirectUri, state: 'suite' });
    const response = await fetch(`${sandbox.url}${AUTHORIZE_PATH}?${query}`, { redirect: 'manual' });
    const code = new URL(response.headers.get('location') ?? '', sandbox.url).searchParams.get('code');
    if (response.status !== 303 || code === null) throw new Error(`The sign-in page answered ${response.status}.`);
    return code;
  };

  // MCP codes come from the MCP authorize page, which approves at once as the environment's MCP
  // user: the current user unless setMcpUser chose another.
  const issueMcpCode = async (request: McpCodeRequest): Promise<string> => {
    const query = new URLSearchParams({
      environmentId: String(environment.id),
      ...request,
      codeChallengeMethod: 'S256',
      state: 'suite',
    });
    const response = await fetch(`${sandbox.url}${MCP_AUTHORIZE_PATH}?${query}`, { redirect: 'manual' });
    const code = new URL(response.headers.get('location') ?? '', sandbox.url).searchParams.get('code');
    if (response.status !== 303 || code === null) {
      throw new Error(`The MCP authorize page answered ${response.status} ${response.headers.get('location')}.`);
    }
    return code;
  };

  return {
    serverUrl: sandbox.url,
    envSecret,
    agentUrl: AGENT_URL,
    team: rendering.team,
    userEmail: member.email,
    userRole: member.role,
    seed: {
      grant: async (role, collection, rights) => environment.grant(role, collection, ...rights),
      setScope: async (team, collection, tree) => {
        const target = environment.listRenderings().find((candidate) => candidate.team === team);
        if (target === undefined) throw new Error(`No rendering for team ${team}.`);
        environment.setScope(target.id, collection, tree);
      },
      issueCode,
      issueCodeForRemovedUser: async (redirectUri) => {
        const leaving = environment.addUser({ role: 'Editor', renderingId: rendering.id });
        environment.setCurrentUser(leaving.id);
        try {
          return await issueCode(redirectUri);
        } finally {
          environment.setCurrentUser(member.id);
          environment.removeUser(leaving.id);
        }
      },
      mintUserToken: () => sandbox.mintUserToken(envSecret, member.id),
      advanceClock: async (milliseconds) => {
        clock += milliseconds;
      },
      issueMcpCode,
      issueMcpCodeForLeavingUser: async (request) => {
        const leaving = environment.addUser({ role: member.role, renderingId: rendering.id });
        environment.setMcpUser(leaving.id);
        try {
          const code = await issueMcpCode(request);
          return { code, removeUser: async () => environment.removeUser(leaving.id) };
        } finally {
          environment.setMcpUser(null);
        }
      },
    },
    close: () => sandbox.close(),
  };
}

runAgentContractSuite('sandbox', startSandboxForContract);
