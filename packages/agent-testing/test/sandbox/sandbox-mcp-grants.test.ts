import { callAgentContract } from '@platform/platform-contract';
import { createPlatformServerSandbox, type PlatformServerSandbox } from '../../src';
import { grantTokens, registerClient } from '../factories/mcp-oauth';

describe('the sandbox MCP grants and clients', () => {
  let sandbox: PlatformServerSandbox;
  let envSecret: string;

  beforeEach(async () => {
    sandbox = await createPlatformServerSandbox(0);
    envSecret = sandbox.addEnvironment({ agentUrl: 'http://agent.test/app' });
  });
  afterEach(() => sandbox.close());

  const refresh = (clientId: string, refreshToken: string) =>
    callAgentContract({ serverUrl: sandbox.url, envSecret }, 'mcpToken', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
    }).catch((error: unknown) => error);

  test('lists a grant per code traded, for its client, user and scopes', async () => {
    const client = await registerClient(sandbox, { scope: 'mcp:read mcp:action' });

    await grantTokens(sandbox, envSecret, client);

    expect(sandbox.environment(envSecret).listMcpGrants()).toEqual([
      {
        id: expect.any(String),
        clientId: client.client_id,
        userId: 1,
        scopes: ['mcp:read', 'mcp:action'],
        resource: 'http://agent.test/mcp',
        createdAt: expect.any(Date),
        isRevoked: false,
      },
    ]);
  });

  test('refuses the refresh token of a grant a test revoked', async () => {
    const client = await registerClient(sandbox);
    const tokens = await grantTokens(sandbox, envSecret, client);
    const environment = sandbox.environment(envSecret);
    const [grant] = environment.listMcpGrants();

    environment.revokeMcpGrant(grant?.id ?? '');

    expect(await refresh(client.client_id, tokens.refresh_token)).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(environment.listMcpGrants()[0]?.isRevoked).toBe(true);
  });

  test('marks a grant revoked when one of its refresh tokens is replayed', async () => {
    const client = await registerClient(sandbox);
    const tokens = await grantTokens(sandbox, envSecret, client);
    await refresh(client.client_id, tokens.refresh_token);
    expect(sandbox.environment(envSecret).listMcpGrants()[0]?.isRevoked).toBe(false);

    await refresh(client.client_id, tokens.refresh_token);

    expect(sandbox.environment(envSecret).listMcpGrants()[0]?.isRevoked).toBe(true);
  });

  test('keeps grants to their environment', async () => {
    const client = await registerClient(sandbox);
    const tokens = await grantTokens(sandbox, envSecret, client);
    const otherSecret = sandbox.addEnvironment({ agentUrl: 'http://other.test' });

    const elsewhere = await callAgentContract({ serverUrl: sandbox.url, envSecret: otherSecret }, 'mcpToken', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: client.client_id,
    }).catch((error: unknown) => error);

    expect(elsewhere).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(sandbox.environment(otherSecret).listMcpGrants()).toEqual([]);
  });

  test('lists registered clients, and forgets a revoked one', async () => {
    const client = await registerClient(sandbox, { client_name: 'Claude' });
    const tokens = await grantTokens(sandbox, envSecret, client);
    expect(sandbox.listMcpClients()).toEqual([client]);

    sandbox.revokeMcpClient(client.client_id);

    const lookup = await callAgentContract({ serverUrl: sandbox.url, envSecret }, 'mcpClient', {
      clientId: client.client_id,
    }).catch((error: unknown) => error);
    expect(sandbox.listMcpClients()).toEqual([]);
    expect(lookup).toMatchObject({ status: 404, code: 'invalid_client' });
    expect(await refresh(client.client_id, tokens.refresh_token)).toMatchObject({
      status: 401,
      code: 'invalid_client',
    });
  });
});
