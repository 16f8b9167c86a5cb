import { COLLECTION_TOOLS, MCP_TOOL_NAMES, MCP_TOOL_SCOPES } from '../../../src/mcp/tools';
import { makeSelectivePermissions } from '../../factories/selective-permissions';
import { useToolLibrary } from './use-tool-library';

describe('registerMcpTools', () => {
  const { library, connect } = useToolLibrary();

  test('lists every tool, with its input and output schemas and annotations', async () => {
    const tools = await connect();

    const { tools: listed } = await tools.client.listTools();

    expect(listed.map((tool) => tool.name)).toEqual([...MCP_TOOL_NAMES]);
    for (const tool of listed) {
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
      expect(tool.annotations).toMatchObject({ openWorldHint: false });
    }
    expect(listed.find((tool) => tool.name === 'delete')?.annotations).toMatchObject({ destructiveHint: true });
  });

  test('lists only the enabled tools, and refuses a call to another', async () => {
    const tools = await connect({ enabled: ['describeCollection', 'list'] });

    const { tools: listed } = await tools.client.listTools();
    const refused = await tools.call('delete', { collection: 'books', ids: ['1'] });

    expect(listed.map((tool) => tool.name)).toEqual(['describeCollection', 'list']);
    expect(refused.isError).toBe(true);
    expect(library().query('SELECT id FROM books WHERE id = 1')).toHaveLength(1);
  });

  test('offers the collections of the data source as an enum', async () => {
    const tools = await connect();

    const { tools: listed } = await tools.client.listTools();
    const list = listed.find((tool) => tool.name === 'list');

    expect(list?.inputSchema.properties?.collection).toMatchObject({ enum: ['authors', 'book_tags', 'books', 'tags'] });
  });

  test('builds the input schema of a tool once per data source', () => {
    const { dataSource } = library();

    expect(COLLECTION_TOOLS.list.inputSchema(dataSource)).toBe(COLLECTION_TOOLS.list.inputSchema(dataSource));
  });

  test('runs each call for the caller of its registration, through the permission service given', async () => {
    const denied = await connect({ permissions: makeSelectivePermissions({ deny: ['browse:books'] }) });
    const allowed = await connect();

    const refused = await denied.call('list', { collection: 'books' });
    const answered = await allowed.call('list', { collection: 'books' });

    expect(refused.isError).toBe(true);
    expect(answered.isError).toBeUndefined();
  });
});

describe('MCP_TOOL_SCOPES', () => {
  test('asks mcp:read to read, mcp:write to write records and mcp:action to run actions', () => {
    expect(MCP_TOOL_SCOPES).toEqual({
      describeCollection: 'mcp:read',
      list: 'mcp:read',
      listRelated: 'mcp:read',
      getActionForm: 'mcp:read',
      create: 'mcp:write',
      update: 'mcp:write',
      delete: 'mcp:write',
      associate: 'mcp:write',
      dissociate: 'mcp:write',
      executeAction: 'mcp:action',
    });
  });
});
