import { readFile } from 'node:fs/promises';
import path from 'node:path';

const packageDir = path.join(__dirname, '..');

// The README shows examples/readme-example.test.ts, which CI runs: the two must not drift.
test('the README example is examples/readme-example.test.ts, byte for byte', async () => {
  const readme = await readFile(path.join(packageDir, 'README.md'), 'utf8');
  const example = await readFile(path.join(packageDir, 'examples/readme-example.test.ts'), 'utf8');

  const block = /<!-- readme-example:start -->\n```ts\n([\s\S]*?)```\n<!-- readme-example:end -->/.exec(readme)?.[1];

  expect(example).toContain('createAgentTestClient');
  expect(block).toBe(example);
});
