import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import ts from 'typescript';
import { makeAgent, makeWorkDir } from '../factories/make-agent';

const AGENT_ENTRY = path.resolve(__dirname, '../../src/index.ts');

/** A customization as a user writes it against the generated typings; `books` is the callback body. */
function usage(books: string, collection = 'books'): string {
  return `import { createAgent } from '@platform/agent';
import type { Schema } from './typings';

createAgent<Schema>({ authSecret: 'secret' }).customizeCollection('${collection}', (books) =>
  ${books},
);
`;
}

const VALID = usage(`books
    .addField('authorName', {
      columnType: 'String',
      dependencies: ['title', 'author:name'],
      getValues: (records) => records.map((record) => \`\${record.title} by \${record.author?.name ?? 'unknown'}\`),
    })
    .importField('authorLabel', { path: 'author:name' })
    .renameField('title', 'headline')
    .removeField('status', 'author')
    .disableFieldSorting('id')
    .addManyToOneRelation('writer', 'authors', { foreignKey: 'authorId', foreignKeyTarget: 'id' })
    .addManyToManyRelation('coAuthors', 'authors', 'books', { originKey: 'id', foreignKey: 'authorId' })
    .setFieldNullable('status')`);

/** Type-checks each file against the agent's sources and returns its diagnostics, as text. */
function typeCheck(dir: string, files: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram(
    files.map((file) => path.join(dir, file)),
    {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      customConditions: ['@platform/source'],
      resolveJsonModule: true,
      esModuleInterop: true,
      types: ['node'],
      typeRoots: [
        path.resolve(__dirname, '../../node_modules/@types'),
        path.resolve(__dirname, '../../../../node_modules/@types'),
      ],
      paths: { '@platform/agent': [AGENT_ENTRY] },
    },
  );

  return new Map(
    files.map((file) => {
      const source = program.getSourceFile(path.join(dir, file));
      const diagnostics = source ? ts.getPreEmitDiagnostics(program, source) : [];
      return [file, diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))];
    }),
  );
}

describe('generated typings', () => {
  test('type-check a correct customization and name the wrong name of each typo', async () => {
    const work = await makeWorkDir();
    const { agent } = makeAgent(work.dir);
    agent.addDataSource(async () => makeLibraryDataSource());
    await agent.updateTypesOnFileSystem(path.join(work.dir, 'typings.ts'), 5);
    await writeFile(path.join(work.dir, 'valid.ts'), VALID);
    await writeFile(path.join(work.dir, 'field-typo.ts'), VALID.replace("'author:name']", "'author:nmae']"));
    await writeFile(path.join(work.dir, 'collection-typo.ts'), usage('books.disableCount()', 'bokks'));
    await writeFile(
      path.join(work.dir, 'through-key-typo.ts'),
      VALID.replace("foreignKey: 'authorId' })", "foreignKey: 'authorID' })"),
    );
    await writeFile(
      path.join(work.dir, 'foreign-typo.ts'),
      VALID.replace("'coAuthors', 'authors'", "'coAuthors', 'autors'"),
    );
    await writeFile(
      path.join(work.dir, 'column-typo.ts'),
      VALID.replace("setFieldNullable('status')", "setFieldNullable('stauts')"),
    );

    const diagnostics = typeCheck(work.dir, [
      'valid.ts',
      'field-typo.ts',
      'collection-typo.ts',
      'through-key-typo.ts',
      'foreign-typo.ts',
      'column-typo.ts',
    ]);

    expect(diagnostics.get('valid.ts')).toEqual([]);
    expect(diagnostics.get('field-typo.ts')).toEqual([expect.stringContaining('"author:nmae"')]);
    expect(diagnostics.get('collection-typo.ts')).toEqual([expect.stringContaining('"bokks"')]);
    expect(diagnostics.get('through-key-typo.ts')).toEqual([expect.stringContaining('"authorID"')]);
    expect(diagnostics.get('foreign-typo.ts')).toEqual([expect.stringContaining('"autors"')]);
    expect(diagnostics.get('column-typo.ts')).toEqual([expect.stringContaining('"stauts"')]);
    await work.cleanUp();
  });
});
