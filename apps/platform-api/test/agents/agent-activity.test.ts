import { callAgentContract } from '@platform/platform-contract';
import { createApp } from '../../src/app';
import { issueToken } from '../factories/token-factory';
import { describeEachDatabase } from '../helpers/test-context';
import { createPublicApiClient } from '../public-api/helpers/public-api-client';
import { type AgentPlatform, startAgentPlatform } from './agent-platform';

describeEachDatabase('agent activity', (kind) => {
  let platform: AgentPlatform;

  beforeAll(async () => {
    platform = await startAgentPlatform(kind);
  });
  afterAll(() => platform.close());

  test('entries the agent sends are listed by the public API, with their source', async () => {
    const { world, context } = platform;
    const options = { serverUrl: platform.serverUrl, envSecret: platform.envSecret };
    const occurredAt = '2030-01-01T10:00:00.000Z';
    await callAgentContract(options, 'activity', {
      entries: [
        {
          userId: world.member.id,
          userEmail: world.member.email,
          action: 'update',
          collection: 'orders',
          recordIds: ['12'],
          occurredAt,
        },
        {
          userId: world.member.id,
          userEmail: world.member.email,
          action: 'action',
          collection: 'orders',
          recordIds: ['1', '2'],
          label: 'Refund',
          occurredAt,
          via: 'mcp',
        },
      ],
    });
    const token = (await issueToken(context, world.project, world.admin, { scopes: ['activity_logs:read'] })).value;
    const api = createPublicApiClient(createApp(context));

    const response = await api.get(
      `/v1/project/${world.project.name}/environment/${world.environment.name}/activity-logs`,
      token,
    );

    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(2);
    expect(response.body.data[0]).toMatchObject({
      source: 'mcp',
      action: 'action',
      user: { id: world.member.id, email: world.member.email },
      details: { recordIds: ['1', '2'], label: 'Refund', occurredAt },
    });
    expect(response.body.data[0].recordId).toBeUndefined();
    expect(response.body.data[1]).toMatchObject({ source: 'agent', action: 'update', recordId: '12' });
  });

  test('an AI proxy tool call is stored with source ai, which the public API filters on', async () => {
    const { world, context } = platform;
    const options = { serverUrl: platform.serverUrl, envSecret: platform.envSecret };
    const occurredAt = '2030-01-02T10:00:00.000Z';
    await callAgentContract(options, 'activity', {
      entries: [
        {
          userId: world.member.id,
          userEmail: world.member.email,
          action: 'read',
          collection: 'invoices',
          occurredAt,
          via: 'ai',
        },
        { userId: world.member.id, userEmail: world.member.email, action: 'read', collection: 'invoices', occurredAt },
      ],
    });
    const token = (await issueToken(context, world.project, world.admin, { scopes: ['activity_logs:read'] })).value;
    const api = createPublicApiClient(createApp(context));

    const response = await api.get(
      `/v1/project/${world.project.name}/environment/${world.environment.name}/activity-logs?source=ai&collectionName=invoices`,
      token,
    );

    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
    expect(response.body.data[0]).toMatchObject({ source: 'ai', action: 'read' });
  });

  test('more than 500 entries are refused with 400 and none is written', async () => {
    const { context } = platform;
    const before = await context.prisma.activityLog.count();
    const entry = {
      userId: 1,
      userEmail: 'a@example.com',
      action: 'read',
      collection: 'orders',
      occurredAt: new Date().toISOString(),
    };

    const response = await fetch(`${platform.serverUrl}/agent/v1/activity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'platform-secret-key': platform.envSecret },
      body: JSON.stringify({ entries: Array.from({ length: 501 }, () => entry) }),
    });

    expect(before).toBeGreaterThan(0);
    expect(response.status).toBe(400);
    expect(await context.prisma.activityLog.count()).toBe(before);
  });
});
