import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createAgent, createDevelopmentUserToken } from '@platform/agent';
import { createInMemoryDataSource } from '@platform/datasource-toolkit';

test("an agent's MCP server answers the SDK's client", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'customer-mcp-'));
  const authSecret = 'a-customer-auth-secret-of-32-characters-or-more';
  const agent = createAgent({
    authSecret,
    envSecret: 'a'.repeat(64),
    offline: true,
    port: 0,
    host: '127.0.0.1',
    schemaPath: path.join(dir, '.platform-schema.json'),
    loggerLevel: 'Error',
  })
    .addDataSource(async () =>
      createInMemoryDataSource(
        {
          books: {
            fields: {
              id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
              title: { type: 'Column', columnType: 'String' },
            },
          },
        },
        { books: [{ id: 1, title: 'Dune' }] },
      ),
    )
    .mountAiMcpServer({ port: 0 });
  await agent.start();
  const client = new Client({ name: 'customer', version: '1.0.0' });
  try {
    const token = await createDevelopmentUserToken({ authSecret });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${agent.mcpServerPort}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    const result = await client.callTool({ name: 'list', arguments: { collection: 'books' } });

    expect(result.structuredContent).toMatchObject({ records: [{ id: '1', record: { id: 1, title: 'Dune' } }] });
  } finally {
    await client.close();
    await agent.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
