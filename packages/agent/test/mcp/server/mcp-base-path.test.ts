import express from 'express';
import { startConnectedAgent } from '../../platform/connected-agent-fixture';

describe('basePath when the agent URL has a path (spec §7.3)', () => {
  const AGENT_URL_WITH_PATH = 'http://127.0.0.1:9/admin';

  test('fails the start of an agent sharing its listener, saying why and what to do', async () => {
    const fixture = await startConnectedAgent({}, { agentUrl: AGENT_URL_WITH_PATH });
    try {
      fixture.agent.mountOnExpress(express()).mountAiMcpServer({ basePath: '/ai' });

      await expect(fixture.agent.start()).rejects.toThrow(
        expect.objectContaining({
          name: 'McpBasePathError',
          message: expect.stringMatching(
            /basePath: '\/ai'.*has the path \/admin.*Serve the agent at the root of its domain/s,
          ),
        }),
      );
    } finally {
      await fixture.close();
    }
  });

  test('starts without basePath', async () => {
    const fixture = await startConnectedAgent({}, { agentUrl: AGENT_URL_WITH_PATH });
    try {
      fixture.agent.mountOnExpress(express()).mountAiMcpServer();

      await expect(fixture.agent.start()).resolves.toBeUndefined();
    } finally {
      await fixture.close();
    }
  });

  test('starts when the MCP server has a listener of its own (its documents are at that root)', async () => {
    const fixture = await startConnectedAgent({}, { agentUrl: AGENT_URL_WITH_PATH });
    try {
      fixture.agent.mountAiMcpServer({ basePath: '/ai', port: 0 });

      await expect(fixture.agent.start()).resolves.toBeUndefined();
    } finally {
      await fixture.close();
    }
  });
});

describe('mountAiMcpServer', () => {
  test('cannot be called twice', async () => {
    const fixture = await startConnectedAgent();
    try {
      fixture.agent.mountAiMcpServer();

      expect(() => fixture.agent.mountAiMcpServer()).toThrow('mountAiMcpServer() was already called');
    } finally {
      await fixture.close();
    }
  });

  test('refuses an unknown tool when called, before anything starts', async () => {
    const fixture = await startConnectedAgent();
    try {
      expect(() => fixture.agent.mountAiMcpServer({ enabledTools: ['lists'] })).toThrow(
        expect.objectContaining({
          name: 'McpServerOptionsError',
          message: expect.stringContaining("unknown tool 'lists'"),
        }),
      );
    } finally {
      await fixture.close();
    }
  });
});
