import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { ExitCode } from '../../src';
import { createCliHome } from '../helpers/cli-home';

// The real bin, as `npx platform-cloud` runs it: the built dist/cli.cjs (openid-client bundled into
// it, see tsup.config.ts) in a process of its own, its exit code and output the process's.
const BIN = path.resolve(__dirname, '..', '..', 'dist', 'cli.cjs');

describe('the platform-cloud bin', () => {
  beforeAll(() => {
    if (!existsSync(BIN))
      throw new Error(`${BIN} is missing: build first (pnpm --filter @platform/platform-cloud build).`);
  });

  test('login with the platform down: exit code 4 and one line on stderr, nothing on stdout', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    server.close();
    await once(server, 'close');
    const home = createCliHome();
    try {
      const result = spawnSync(process.execPath, [BIN, 'login', '--platform-url', `http://127.0.0.1:${port}`], {
        cwd: home.cwd,
        env: home.env(),
        encoding: 'utf8',
      });

      expect(result.status).toBe(ExitCode.Unreachable);
      expect(result.stderr).toBe(
        `error: cannot reach the platform at http://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}\n`,
      );
      expect(result.stdout).toBe('');
    } finally {
      home.remove();
    }
  });
});
