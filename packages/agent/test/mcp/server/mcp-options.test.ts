import { MCP_TOOL_NAMES } from '../../../src';
import { parseMcpServerOptions } from '../../../src/mcp/server/mcp-options';

describe('parseMcpServerOptions', () => {
  test('enables every tool, no base path and port 3931 by default', () => {
    const options = parseMcpServerOptions({}, {});

    expect([...options.enabledTools]).toEqual([...MCP_TOOL_NAMES]);
    expect(options).toMatchObject({ basePath: '', port: 3931, publicUrl: undefined });
  });

  test('restricts the tools to those listed, describeCollection always included', () => {
    const options = parseMcpServerOptions({ enabledTools: ['list', 'update'] }, {});

    expect([...options.enabledTools].sort()).toEqual(['describeCollection', 'list', 'update']);
  });

  test('reads PLATFORM_MCP_ENABLED_TOOLS, comma-separated, when the option is absent', () => {
    const options = parseMcpServerOptions({}, { PLATFORM_MCP_ENABLED_TOOLS: ' list , executeAction,' });

    expect([...options.enabledTools].sort()).toEqual(['describeCollection', 'executeAction', 'list']);
  });

  test('prefers the option to PLATFORM_MCP_ENABLED_TOOLS', () => {
    const options = parseMcpServerOptions({ enabledTools: ['delete'] }, { PLATFORM_MCP_ENABLED_TOOLS: 'list' });

    expect([...options.enabledTools].sort()).toEqual(['delete', 'describeCollection']);
  });

  test('refuses an unknown tool, listing the valid names', () => {
    expect(() => parseMcpServerOptions({ enabledTools: ['list', 'dropTable'] }, {})).toThrow(
      expect.objectContaining({
        name: 'McpServerOptionsError',
        message: expect.stringContaining(`unknown tool 'dropTable'; the tools are ${MCP_TOOL_NAMES.join(', ')}`),
      }),
    );
  });

  test('refuses an unknown tool in PLATFORM_MCP_ENABLED_TOOLS too', () => {
    expect(() => parseMcpServerOptions({}, { PLATFORM_MCP_ENABLED_TOOLS: 'list,lst' })).toThrow(
      expect.objectContaining({
        name: 'McpServerOptionsError',
        message: expect.stringContaining("unknown tool 'lst'"),
      }),
    );
  });

  test('reads MCP_SERVER_PORT and PLATFORM_MCP_SERVER_URL', () => {
    const options = parseMcpServerOptions(
      {},
      { MCP_SERVER_PORT: '4100', PLATFORM_MCP_SERVER_URL: 'https://mcp.example.com/' },
    );

    expect(options).toMatchObject({ port: 4100, publicUrl: 'https://mcp.example.com' });
  });

  test('drops a trailing slash of basePath', () => {
    expect(parseMcpServerOptions({ basePath: '/ai/' }, {}).basePath).toBe('/ai');
  });

  test.each([
    ['basePath', { basePath: 'ai' }, 'expected a path starting with /'],
    ['basePath', { basePath: '/a/../b' }, 'expected a plain path'],
    ['port', { port: 70000 }, 'between 0 and 65535'],
    ['publicUrl', { publicUrl: 'https://mcp.example.com/sub' }, 'without a path'],
    ['publicUrl', { publicUrl: 'ftp://mcp.example.com' }, 'http(s) origin'],
  ])('refuses a bad %s', (_option, options, message) => {
    expect(() => parseMcpServerOptions(options, {})).toThrow(
      expect.objectContaining({ name: 'McpServerOptionsError', message: expect.stringContaining(message) }),
    );
  });

  test('refuses an unknown option', () => {
    expect(() => parseMcpServerOptions({ basepath: '/ai' } as never, {})).toThrow(
      expect.objectContaining({ name: 'McpServerOptionsError' }),
    );
  });
});
