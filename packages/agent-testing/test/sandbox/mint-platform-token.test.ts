import { callAgentContract, PLATFORM_TOKEN_ISSUER, platformTokenAudience } from '@platform/platform-contract';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { createPlatformServerSandbox, type PlatformServerSandbox } from '../../src';
import { grantTokens, registerClient } from '../factories/mcp-oauth';

describe('the tokens the sandbox mints', () => {
  let sandbox: PlatformServerSandbox;
  let envSecret: string;

  beforeEach(async () => {
    sandbox = await createPlatformServerSandbox(0);
    envSecret = sandbox.addEnvironment({ agentUrl: 'http://agent.test/app' });
  });
  afterEach(() => sandbox.close());

  const verify = async (token: string) => {
    const jwks = createLocalJWKSet(await callAgentContract({ serverUrl: sandbox.url, envSecret }, 'jwks'));
    const { payload } = await jwtVerify(token, jwks, {
      issuer: PLATFORM_TOKEN_ISSUER,
      audience: platformTokenAudience(1),
    });
    return payload;
  };

  test('mints an mcp token with the scope claim, in MCP_SCOPES order', async () => {
    const token = await sandbox.mintUserToken(envSecret, 1, { purpose: 'mcp', scope: ['mcp:write', 'mcp:read'] });

    expect(await verify(token)).toMatchObject({ id: 1, purpose: 'mcp', scope: 'mcp:read mcp:write' });
  });

  test('mints an mcp token without a scope claim unless asked', async () => {
    const payload = await verify(await sandbox.mintUserToken(envSecret, 1, { purpose: 'mcp' }));

    expect(payload.purpose).toBe('mcp');
    expect(payload).not.toHaveProperty('scope');
  });

  test('refuses a scope on a workflow token, and an unknown scope', async () => {
    await expect(sandbox.mintUserToken(envSecret, 1, { scope: ['mcp:read'] })).rejects.toThrow("purpose: 'mcp'");
    await expect(
      sandbox.mintUserToken(envSecret, 1, { purpose: 'mcp', scope: ['mcp:admin' as 'mcp:read'] }),
    ).rejects.toThrow('Unknown MCP scope mcp:admin');
  });

  test('signs the access tokens of the token route with its published keys', async () => {
    const client = await registerClient(sandbox, { scope: 'mcp:read' });

    const tokens = await grantTokens(sandbox, envSecret, client);

    expect(await verify(tokens.access_token)).toMatchObject({ id: 1, purpose: 'mcp', scope: 'mcp:read' });
    expect(tokens.expires_in).toBe(15 * 60);
  });
});
