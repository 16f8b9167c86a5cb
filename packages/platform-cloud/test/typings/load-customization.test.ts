import * as agentModule from '@platform/agent';
import { loadCustomization } from '../../src/typings/load-customization';
import { tempDir } from '../factories/temp-dir';

describe('loadCustomization', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => dir.remove());

  test("returns the bundle's default export", async () => {
    const customize = await loadCustomization(
      'exports.default = function customize() { return "default"; };',
      dir.path,
    );

    expect((customize as unknown as () => string)()).toBe('default');
  });

  test('returns a named `customize` when there is no default export', async () => {
    const customize = await loadCustomization('exports.customize = () => "named";', dir.path);

    expect((customize as unknown as () => string)()).toBe('named');
  });

  test("gives the CLI's own @platform/agent to require", async () => {
    const customize = await loadCustomization(
      'const agent = require("@platform/agent"); exports.default = () => agent;',
      dir.path,
    );

    expect((customize as unknown as () => unknown)()).toBe(agentModule);
  });

  test('refuses a bundle that exports no function, saying what to export', async () => {
    await expect(loadCustomization('exports.default = 42;', dir.path)).rejects.toMatchObject({
      name: 'BuildError',
      message: expect.stringContaining('export default function customize(agent: Agent)'),
    });
  });

  test('refuses a bundle that throws when loaded, with its error', async () => {
    await expect(loadCustomization('throw new Error("no database here");', dir.path)).rejects.toMatchObject({
      name: 'BuildError',
      message: 'src/index.ts threw when loaded: no database here',
    });
  });

  test("resolves other packages from the project's node_modules, and says when one is missing", async () => {
    await expect(loadCustomization('require("left-pad-not-installed");', dir.path)).rejects.toMatchObject({
      name: 'BuildError',
      message: expect.stringContaining("Cannot find module 'left-pad-not-installed'"),
    });
  });
});
