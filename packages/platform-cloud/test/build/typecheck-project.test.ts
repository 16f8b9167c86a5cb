import { typecheckProject } from '../../src/build/typecheck-project';
import { projectDir, STRICT_TSCONFIG } from '../factories/project-dir';

describe('typecheckProject', () => {
  test('passes a project without type errors', async () => {
    const project = projectDir({
      'tsconfig.json': STRICT_TSCONFIG,
      'src/index.ts': 'export const answer: number = 42;\n',
    });
    try {
      await expect(typecheckProject(project.path)).resolves.toBeUndefined();
    } finally {
      project.remove();
    }
  });

  test('names the first error as file:line:col with its message, and how many follow', async () => {
    const project = projectDir({
      'tsconfig.json': STRICT_TSCONFIG,
      'src/index.ts':
        "export const answer: number = 42;\nexport const name: string = 42;\nexport const other: boolean = 'x';\n",
    });
    try {
      await expect(typecheckProject(project.path)).rejects.toMatchObject({
        name: 'TypeCheckError',
        message:
          "src/index.ts:2:14: error TS2322: Type 'number' is not assignable to type 'string'. (and 1 more: npm run typecheck lists them)",
      });
    } finally {
      project.remove();
    }
  });

  test('reports an error of the tsconfig itself', async () => {
    const project = projectDir({
      'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES1999' }, include: ['src'] }),
      'src/index.ts': 'export {};\n',
    });
    try {
      await expect(typecheckProject(project.path)).rejects.toMatchObject({
        name: 'TypeCheckError',
        message: expect.stringContaining("Argument for '--target' option must be"),
      });
    } finally {
      project.remove();
    }
  });

  test('refuses a directory without tsconfig.json as a usage error', async () => {
    const project = projectDir({ 'src/index.ts': 'export {};\n' });
    try {
      await expect(typecheckProject(project.path)).rejects.toMatchObject({ name: 'UsageError' });
    } finally {
      project.remove();
    }
  });
});
