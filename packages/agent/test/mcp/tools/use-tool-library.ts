import type { DataSourceCustomizer } from '../../../src';
import { makeToolLibrary, type ToolLibrary } from '../../factories/tool-library';
import { connectToolClient, type ToolClient, type ToolClientOptions } from './tool-client';

/**
 * A fresh library database for each test of the describe block, and MCP clients connected to it
 * (`connect`, with the permissions a test gives); all closed after each test.
 */
export function useToolLibrary(customize?: (customizer: DataSourceCustomizer) => void): {
  library: () => ToolLibrary;
  connect: (options?: ToolClientOptions) => Promise<ToolClient>;
} {
  let library: ToolLibrary | undefined;
  const clients: ToolClient[] = [];
  beforeEach(async () => {
    library = await makeToolLibrary(customize);
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    await library?.close();
  });
  const get = () => {
    if (library === undefined) throw new Error('useToolLibrary: the library is built in beforeEach.');
    return library;
  };

  return {
    library: get,
    connect: async (options) => {
      const client = await connectToolClient(get().dataSource, options);
      clients.push(client);
      return client;
    },
  };
}
