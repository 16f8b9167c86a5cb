import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import express from 'express';
import { makeAgent, makeWorkDir } from '../../factories/make-agent';
import { signToken } from '../../factories/tokens';
import { freePort } from '../../platform/connected-agent-fixture';

/** A host application with routes of its own in the namespaces the MCP server may capture. */
async function startHost(mount: (app: express.Express) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  mount(app);
  app.get('/oauth/login', (_req, res) => {
    res.send('host login');
  });
  app.get('/.well-known/security.txt', (_req, res) => {
    res.send('host security.txt');
  });
  app.get('/mcp', (_req, res) => {
    res.send('host mcp page');
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function call(url: string, init?: RequestInit): Promise<{ status: number; text: string; allow: string | null }> {
  const response = await fetch(url, init);
  return { status: response.status, text: await response.text(), allow: response.headers.get('allow') };
}

const initialize = (token: string) => ({
  method: 'POST',
  headers: {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
  }),
});

describe('MCP server routes on a host Express app', () => {
  let work: Awaited<ReturnType<typeof makeWorkDir>>;
  let cleanUp: Array<() => Promise<void>>;
  beforeEach(async () => {
    work = await makeWorkDir();
    cleanUp = [];
  });
  afterEach(async () => {
    for (const step of cleanUp.reverse()) await step();
    await work.cleanUp();
  });

  async function startMounted(options?: Parameters<ReturnType<typeof makeAgent>['agent']['mountAiMcpServer']>[0]) {
    const { agent } = makeAgent(work.dir);
    agent.addDataSource(async () => makeLibraryDataSource()).mountAiMcpServer(options);
    const host = await startHost((app) => agent.mountOnExpress(app));
    cleanUp.push(host.close, () => agent.stop());
    await agent.start();
    return host.url;
  }

  describe('without basePath', () => {
    test('serves the protocol endpoint and the discovery documents at the root', async () => {
      const url = await startMounted();

      const initialized = await call(`${url}/mcp`, initialize(await signToken()));
      const resource = await call(`${url}/.well-known/oauth-protected-resource/mcp`);

      expect(initialized.status).toBe(200);
      expect(JSON.parse(initialized.text).result.serverInfo.name).toBe('@platform/agent');
      expect(JSON.parse(resource.text)).toMatchObject({ resource: `${url}/mcp`, authorization_servers: [url] });
    });

    test('captures /oauth/*, /.well-known/* and /mcp: the host never sees them', async () => {
      const url = await startMounted();

      const login = await call(`${url}/oauth/login`);
      const security = await call(`${url}/.well-known/security.txt`);
      const nested = await call(`${url}/mcp/other`);

      expect(login).toMatchObject({ status: 404, text: expect.stringContaining('No MCP route GET /oauth/login') });
      expect(security).toMatchObject({ status: 404, text: expect.stringContaining('No MCP route') });
      expect(nested.status).toBe(404);
    });

    test('answers 405 with Allow on a known path with another method', async () => {
      const url = await startMounted();

      const getMcp = await call(`${url}/mcp`);
      const getToken = await call(`${url}/oauth/token`);
      const postMetadata = await call(`${url}/.well-known/oauth-authorization-server`, { method: 'POST' });

      expect(getMcp).toMatchObject({ status: 405, allow: 'POST, OPTIONS' });
      expect(getToken).toMatchObject({ status: 405, allow: 'POST, OPTIONS' });
      expect(postMetadata).toMatchObject({ status: 405, allow: 'GET, HEAD, OPTIONS' });
    });

    test('leaves the agent routes and the host routes outside the namespaces alone', async () => {
      const url = await startMounted();

      const health = await call(`${url}/platform/`);

      expect(health).toMatchObject({ status: 200, text: '{"status":"ok"}' });
    });
  });

  describe('with basePath', () => {
    test('serves the protocol and OAuth routes under it, the documents at the root suffixed with it', async () => {
      const url = await startMounted({ basePath: '/ai' });

      const initialized = await call(`${url}/ai/mcp`, initialize(await signToken()));
      const resource = await call(`${url}/.well-known/oauth-protected-resource/ai/mcp`);
      const server = await call(`${url}/.well-known/oauth-authorization-server/ai`);
      const token = await call(`${url}/ai/oauth/token`);

      expect(initialized.status).toBe(200);
      expect(JSON.parse(resource.text)).toMatchObject({
        resource: `${url}/ai/mcp`,
        authorization_servers: [`${url}/ai`],
      });
      // An offline agent has no authority to describe, and says so.
      expect(server.status).toBe(503);
      expect(token).toMatchObject({ status: 405, allow: 'POST, OPTIONS' });
    });

    test('leaves /oauth/*, /.well-known/* and /mcp to the host application', async () => {
      const url = await startMounted({ basePath: '/ai' });

      const login = await call(`${url}/oauth/login`);
      const security = await call(`${url}/.well-known/security.txt`);
      const mcp = await call(`${url}/mcp`);
      const unprefixedDocument = await call(`${url}/.well-known/oauth-protected-resource/mcp`);

      expect(login).toMatchObject({ status: 200, text: 'host login' });
      expect(security).toMatchObject({ status: 200, text: 'host security.txt' });
      expect(mcp).toMatchObject({ status: 200, text: 'host mcp page' });
      expect(unprefixedDocument.status).toBe(404);
      expect(unprefixedDocument.text).not.toContain('authorization_servers');
    });

    test('a basePath of /mcp gives /mcp/mcp', async () => {
      const url = await startMounted({ basePath: '/mcp' });

      const initialized = await call(`${url}/mcp/mcp`, initialize(await signToken()));
      const hostPage = await call(`${url}/mcp`);

      expect(initialized.status).toBe(200);
      expect(hostPage).toMatchObject({ status: 200, text: 'host mcp page' });
    });
  });

  describe('an offline agent', () => {
    test('says its OAuth routes have no platform behind them', async () => {
      const url = await startMounted();

      const authorize = await call(`${url}/oauth/authorize?client_id=x`);
      const token = await call(`${url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=authorization_code',
      });

      expect(authorize).toMatchObject({ status: 503, text: expect.stringContaining('runs offline') });
      expect(token).toMatchObject({ status: 503, text: expect.stringContaining('temporarily_unavailable') });
    });
  });
});

describe('MCP server listeners of a standalone agent', () => {
  let work: Awaited<ReturnType<typeof makeWorkDir>>;
  beforeEach(async () => {
    work = await makeWorkDir();
  });
  afterEach(() => work.cleanUp());

  test('listens on its own port when it differs from the agent port', async () => {
    const mcpPort = await freePort();
    const { agent } = makeAgent(work.dir);
    agent.addDataSource(async () => makeLibraryDataSource()).mountAiMcpServer({ port: mcpPort });
    await agent.start();
    try {
      const onMcpPort = await call(`http://127.0.0.1:${mcpPort}/mcp`, initialize(await signToken()));
      const onAgentPort = await call(
        `http://127.0.0.1:${agent.standaloneServerPort}/mcp`,
        initialize(await signToken()),
      );

      expect(agent.mcpServerPort).toBe(mcpPort);
      expect(onMcpPort.status).toBe(200);
      expect(onAgentPort.status).toBe(404);
    } finally {
      await agent.stop();
    }
  });

  test('shares the agent listener when the ports are equal', async () => {
    const port = await freePort();
    const { agent } = makeAgent(work.dir, { port });
    agent.addDataSource(async () => makeLibraryDataSource()).mountAiMcpServer({ port });
    await agent.start();
    try {
      const initialized = await call(`http://127.0.0.1:${port}/mcp`, initialize(await signToken()));
      const health = await call(`http://127.0.0.1:${port}/platform/`);

      expect(agent.mcpServerPort).toBe(port);
      expect(initialized.status).toBe(200);
      expect(health.status).toBe(200);
    } finally {
      await agent.stop();
    }
  });

  test('closes its listener when the agent stops', async () => {
    const mcpPort = await freePort();
    const { agent } = makeAgent(work.dir);
    agent.addDataSource(async () => makeLibraryDataSource()).mountAiMcpServer({ port: mcpPort });
    await agent.start();

    await agent.stop();

    await expect(fetch(`http://127.0.0.1:${mcpPort}/mcp`)).rejects.toThrow();
  });
});
