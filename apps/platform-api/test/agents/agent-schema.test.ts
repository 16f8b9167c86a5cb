import { callAgentContract, SECRET_HEADER } from '@platform/platform-contract';
import { describeEachDatabase } from '../helpers/test-context';
import { type AgentPlatform, startAgentPlatform } from './agent-platform';

describeEachDatabase('agent schema uploads', (kind) => {
  let platform: AgentPlatform;

  beforeAll(async () => {
    platform = await startAgentPlatform(kind);
  });
  afterAll(() => platform.close());

  const hash = (digit: string) => digit.repeat(40);
  const schema = (schemaHash: string, fieldCount = 2) => ({
    collections: [
      {
        name: 'orders',
        fields: Array.from({ length: fieldCount }, (_, index) => ({ name: `field_${index}`, type: 'String' })),
      },
    ],
    meta: { schemaHash, agentVersion: '2.0.0' },
  });
  const options = () => ({ serverUrl: platform.serverUrl, envSecret: platform.envSecret });

  test('keeps only the latest schema of the environment, with its hash and agent version', async () => {
    await callAgentContract(options(), 'uploadSchema', schema(hash('a')));
    await callAgentContract(options(), 'uploadSchema', schema(hash('b')));

    const rows = await platform.context.prisma.agentSchema.findMany({
      where: { environmentId: platform.world.environment.id },
    });

    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ hash: hash('b'), agentVersion: '2.0.0' });
    expect(await callAgentContract(options(), 'checkSchema', { schemaHash: hash('a') })).toEqual({ sendSchema: true });
  });

  test('accepts a schema larger than the 1 MB limit of the rest of the app', async () => {
    const large = schema(hash('c'), 40_000);
    expect(JSON.stringify(large).length).toBeGreaterThan(1_100_000);

    // Within the default contract timeout the agents use (10 s).
    await callAgentContract(options(), 'uploadSchema', large);

    expect(await callAgentContract(options(), 'checkSchema', { schemaHash: hash('c') })).toEqual({ sendSchema: false });
  });

  test('checks the secret before reading the body', async () => {
    const response = await fetch(`${platform.serverUrl}/agent/v1/schema`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', [SECRET_HEADER]: 'wrong' },
      body: '{not json',
    });

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized' });
  });

  test('answers a body that is not JSON with 400 invalid_json', async () => {
    const response = await fetch(`${platform.serverUrl}/agent/v1/schema`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', [SECRET_HEADER]: platform.envSecret },
      body: '{not json',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_json' });
  });

  test('answers an unknown agent route with 404 not_found', async () => {
    const response = await fetch(`${platform.serverUrl}/agent/v1/nothing`, {
      headers: { [SECRET_HEADER]: platform.envSecret },
    });

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });
});
