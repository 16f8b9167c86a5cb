import { makeLibraryDataSource, makeLibraryDefinition } from '@platform/datasource-toolkit/testing';
import packageJson from '../../package.json';
import { buildSchema } from '../../src/schema/build-schema';
import { serializeSchema } from '../../src/schema/serialize-schema';
import { createLibraryWithActions } from '../factories/create-library-with-actions';

describe('buildSchema', () => {
  test('lists collections and fields sorted by name', async () => {
    const schema = await buildSchema(makeLibraryDataSource(), { useUnsafeActionEndpoint: false });

    expect(schema.collections.map((collection) => collection.name)).toEqual([
      'authors',
      'bookTags',
      'books',
      'covers',
      'events',
      'reviews',
      'tags',
    ]);
    expect(schema.collections[2]?.fields.map((field) => field.name)).toEqual([
      'author',
      'authorId',
      'cover',
      'id',
      'isbn',
      'price',
      'publishedAt',
      'reviews',
      'status',
      'tags',
      'title',
    ]);
  });

  test('describes a column with sorted operators and explicit defaults', async () => {
    const schema = await buildSchema(makeLibraryDataSource(), { useUnsafeActionEndpoint: false });
    const status = schema.collections[2]?.fields.find((field) => field.name === 'status');

    expect(status).toMatchObject({
      type: 'Column',
      columnType: 'Enum',
      isPrimaryKey: false,
      isReadOnly: false,
      isSortable: false,
      allowNull: true,
      defaultValue: 'draft',
      hasDatabaseDefault: false,
      enumValues: ['draft', 'live'],
      validation: [],
    });
    const operators = status?.type === 'Column' ? status.filterOperators : [];
    expect(operators).toEqual([...operators].sort());
    expect(operators).toContain('Equal');
  });

  test('describes a relation with its kind and keys', async () => {
    const schema = await buildSchema(makeLibraryDataSource(), { useUnsafeActionEndpoint: false });
    const author = schema.collections[2]?.fields.find((field) => field.name === 'author');

    expect(author).toEqual({
      name: 'author',
      type: 'ManyToOne',
      foreignCollection: 'authors',
      foreignKey: 'authorId',
      foreignKeyTarget: 'id',
      originKey: null,
      originKeyTarget: null,
      throughCollection: null,
    });
  });

  test('sorts segments', async () => {
    const schema = await buildSchema(makeLibraryDataSource(), { useUnsafeActionEndpoint: false });

    expect(schema.collections[2]?.segments).toEqual(['Classics', 'drafts', 'live']);
  });

  test('gives each action its indexed route and the fields of a static form', async () => {
    const dataSource = createLibraryWithActions({
      'Mark as live': { scope: 'Single', staticForm: true, description: 'Publish it', submitButtonLabel: 'Go' },
      Archive: { scope: 'Bulk', generateFile: true },
    });

    const schema = await buildSchema(dataSource, { useUnsafeActionEndpoint: false });

    expect(schema.collections[2]?.actions).toEqual([
      {
        name: 'Archive',
        route: '/_actions/books/1/archive',
        scope: 'Bulk',
        generateFile: true,
        description: null,
        submitButtonLabel: null,
        staticForm: false,
        fields: null,
      },
      {
        name: 'Mark as live',
        route: '/_actions/books/0/mark-as-live',
        scope: 'Single',
        generateFile: false,
        description: 'Publish it',
        submitButtonLabel: 'Go',
        staticForm: true,
        fields: [{ type: 'String', label: 'Reason', isRequired: true }],
      },
    ]);
  });

  test('drops the index from action routes with useUnsafeActionEndpoint', async () => {
    const dataSource = createLibraryWithActions({ 'Mark as live': { scope: 'Single' } });

    const schema = await buildSchema(dataSource, { useUnsafeActionEndpoint: true });

    expect(schema.collections[2]?.actions[0]?.route).toBe('/_actions/books/mark-as-live');
  });

  test('leaves out the collections that are not published', async () => {
    const schema = await buildSchema(makeLibraryDataSource(), {
      useUnsafeActionEndpoint: false,
      isPublished: (name) => name !== 'authors',
    });

    expect(schema.collections.map((collection) => collection.name)).toEqual([
      'bookTags',
      'books',
      'covers',
      'events',
      'reviews',
      'tags',
    ]);
  });

  test('describes the agent in meta', async () => {
    const schema = await buildSchema(makeLibraryDataSource(), { useUnsafeActionEndpoint: false });

    expect(schema.meta).toEqual({
      agent: '@platform/agent',
      agentVersion: packageJson.version,
      engine: 'nodejs',
      engineVersion: process.versions.node,
      schemaHash: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
  });

  test('gives the same bytes for two builds of the same data source', async () => {
    const first = serializeSchema(await buildSchema(makeLibraryDataSource(), { useUnsafeActionEndpoint: false }));
    const second = serializeSchema(await buildSchema(makeLibraryDataSource(), { useUnsafeActionEndpoint: false }));

    expect(second).toBe(first);
  });

  test('changes the hash when a field changes', async () => {
    const base = await buildSchema(makeLibraryDataSource(), { useUnsafeActionEndpoint: false });
    const changed = await buildSchema(
      makeLibraryDataSource(undefined, {
        ...makeLibraryDefinition(),
        authors: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            name: { type: 'Column', columnType: 'String', isReadOnly: true },
          },
        },
      }),
      { useUnsafeActionEndpoint: false },
    );

    expect(changed.meta.schemaHash).not.toBe(base.meta.schemaHash);
  });
});
