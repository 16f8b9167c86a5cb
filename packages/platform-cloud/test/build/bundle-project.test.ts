import { createHash } from 'node:crypto';
import { bundleProject } from '../../src/build/bundle-project';
import { projectDir } from '../factories/project-dir';

describe('bundleProject', () => {
  test('bundles src/index.ts and its local imports into CommonJS, @platform/* left to the host', async () => {
    const project = projectDir({
      'src/index.ts': [
        "import { ConditionTreeLeaf } from '@platform/agent';",
        "import { label } from './label';",
        'export default function customize() { return [label, ConditionTreeLeaf]; }',
        '',
      ].join('\n'),
      'src/label.ts': "export const label: string = 'bundled-label';\n",
    });
    try {
      const bundle = await bundleProject(project.path);

      expect(bundle.code).toContain('bundled-label');
      expect(bundle.code).toContain('require("@platform/agent")');
      expect(bundle.code).toContain('module.exports');
      expect(bundle.checksum).toBe(createHash('sha256').update(bundle.code).digest('hex'));
      expect(bundle.size).toBe(Buffer.byteLength(bundle.code));
    } finally {
      project.remove();
    }
  });

  test('names a syntax error as file:line:col', async () => {
    const project = projectDir({ 'src/index.ts': 'export default function customize() {\n  return 1 +;\n}\n' });
    try {
      await expect(bundleProject(project.path)).rejects.toMatchObject({
        name: 'BuildError',
        message: 'src/index.ts:2:13: error: Unexpected ";"',
      });
    } finally {
      project.remove();
    }
  });

  test('names an import that does not resolve, where it is', async () => {
    const project = projectDir({ 'src/index.ts': "\nimport { missing } from './nowhere';\nexport default missing;\n" });
    try {
      await expect(bundleProject(project.path)).rejects.toMatchObject({
        name: 'BuildError',
        message: expect.stringMatching(/^src\/index\.ts:2:25: error: Could not resolve "\.\/nowhere"/),
      });
    } finally {
      project.remove();
    }
  });

  test('refuses a directory without src/index.ts as a usage error', async () => {
    const project = projectDir({ 'README.md': 'nothing here' });
    try {
      await expect(bundleProject(project.path)).rejects.toMatchObject({ name: 'UsageError' });
    } finally {
      project.remove();
    }
  });
});
