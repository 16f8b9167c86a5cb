import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLibraryAgent } from '../factories/start-library-agent';

// typed-client.test-d.ts checks the client against these typings: they must be the agent's own.
test('the committed library typings are those the library agent generates', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'agent-testing-typings-'));
  const library = await startLibraryAgent();
  try {
    await library.agent.updateTypesOnFileSystem(path.join(dir, 'typings.ts'), 5);

    const generated = await readFile(path.join(dir, 'typings.ts'), 'utf8');
    const committed = await readFile(path.join(__dirname, '../factories/generated/library-typings.ts'), 'utf8');
    expect(generated).toContain("'books': {");
    expect(committed).toBe(generated);
  } finally {
    await library.close();
    await rm(dir, { recursive: true, force: true });
  }
});
