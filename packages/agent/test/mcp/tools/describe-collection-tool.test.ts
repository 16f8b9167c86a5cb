import { makeSelectivePermissions } from '../../factories/selective-permissions';
import { textOf } from './tool-client';
import { useToolLibrary } from './use-tool-library';

describe('describeCollection tool', () => {
  const { connect } = useToolLibrary((customizer) =>
    customizer.customizeCollection('books', (books) =>
      books
        .addSegment('Expensive', { field: 'price', operator: 'GreaterThan', value: 9 })
        .addAction('Mark as read', { scope: 'Single', execute: () => {} })
        .addAction('Discount', {
          scope: 'Bulk',
          form: [{ label: 'Percent', type: 'Number', isRequired: true }],
          execute: () => {},
        }),
    ),
  );

  test('describes the fields, relations, actions and segments of a collection', async () => {
    const tools = await connect();

    const result = await tools.call('describeCollection', { collection: 'books' });

    expect(result.isError).toBeUndefined();
    const [books] = (result.structuredContent as { collections: Array<Record<string, unknown>> }).collections;
    expect(books).toMatchObject({ name: 'books', primaryKeys: ['id'], isCountable: true, segments: ['Expensive'] });
    expect(books?.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'title',
          type: 'Column',
          columnType: 'String',
          isReadOnly: false,
          isRequired: true,
          operators: expect.arrayContaining(['Equal', 'Contains']),
        }),
        { name: 'author', type: 'ManyToOne', target: 'authors' },
        { name: 'tags', type: 'ManyToMany', target: 'tags', through: 'book_tags' },
      ]),
    );
    expect(books?.actions).toEqual([
      { name: 'Mark as read', scope: 'Single', hasForm: false, generatesFile: false },
      { name: 'Discount', scope: 'Bulk', hasForm: true, generatesFile: false },
    ]);
  });

  test('answers the same description as JSON text', async () => {
    const tools = await connect();

    const result = await tools.call('describeCollection', { collection: 'tags' });

    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  });

  test('describes every collection the caller may browse when none is named', async () => {
    const tools = await connect();

    const result = await tools.call('describeCollection', {});

    const names = (result.structuredContent as { collections: Array<{ name: string }> }).collections.map((c) => c.name);
    expect(names).toEqual(['authors', 'book_tags', 'books', 'tags']);
  });

  test('leaves out of the listing a collection the caller may not browse', async () => {
    const namesFor = async (deny: ReadonlyArray<`browse:${string}`>) => {
      const tools = await connect({ permissions: makeSelectivePermissions({ deny }) });
      const result = await tools.call('describeCollection', {});
      return (result.structuredContent as { collections: Array<{ name: string }> }).collections.map((c) => c.name);
    };

    expect(await namesFor([])).toContain('authors');
    expect(await namesFor(['browse:authors'])).toEqual(['book_tags', 'books', 'tags']);
  });

  test('refuses to describe a collection the caller may not browse', async () => {
    const tools = await connect({ permissions: makeSelectivePermissions({ deny: ['browse:authors'] }) });

    const result = await tools.call('describeCollection', { collection: 'authors' });

    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toBe("ForbiddenError: You may not browse 'authors'.");
  });

  test('refuses an unknown collection, naming those that exist', async () => {
    const tools = await connect();

    const result = await tools.call('describeCollection', { collection: 'movies' });

    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Invalid arguments for tool describeCollection/);
    expect(textOf(result)).toMatch(/"authors"\|"book_tags"\|"books"\|"tags"/);
  });

  test('refuses an unknown argument', async () => {
    const tools = await connect();

    const result = await tools.call('describeCollection', { collection: 'books', verbose: true });

    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/verbose/);
  });
});
