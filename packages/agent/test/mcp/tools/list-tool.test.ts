import { ConditionTreeLeaf } from '@platform/datasource-toolkit';
import { makeSelectivePermissions } from '../../factories/selective-permissions';
import { textOf } from './tool-client';
import { useToolLibrary } from './use-tool-library';

type ListData = { records: Array<{ id: string; record: Record<string, unknown> }>; page: unknown; count?: unknown };
const titlesOf = (data: unknown) => (data as ListData).records.map(({ record }) => record.title);

describe('list tool', () => {
  const { connect } = useToolLibrary((customizer) =>
    customizer.customizeCollection('books', (books) =>
      books
        .addSegment('Expensive', { field: 'price', operator: 'GreaterThan', value: 9 })
        .addHook('Before', 'List', (context) => {
          if (context.filter.search === 'secret') context.throwForbiddenError('Searching for secrets is not allowed.');
          if (context.filter.search === 'crash') throw new Error('the search index exploded');
        }),
    ),
  );

  test('lists records with their packed ids, in primary key order, on the first page', async () => {
    const tools = await connect();

    const result = await tools.call('list', { collection: 'books', fields: ['title'] });

    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({
      collection: 'books',
      records: [
        { id: '1', record: { id: 1, title: 'Dune' } },
        { id: '2', record: { id: 2, title: 'The Dispossessed' } },
        { id: '3', record: { id: 3, title: 'Children of Dune' } },
      ],
      page: { number: 1, size: 15 },
    });
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  });

  test('filters with a condition tree, sorts, and reads fields of a to-one relation', async () => {
    const tools = await connect();

    const result = await tools.call('list', {
      collection: 'books',
      filter: { aggregator: 'And', conditions: [{ field: 'author:name', operator: 'Equal', value: 'Frank Herbert' }] },
      sort: [{ field: 'price', ascending: false }],
      fields: ['title', 'author:name'],
    });

    expect((result.structuredContent as ListData).records.map(({ record }) => record)).toEqual([
      { id: 3, title: 'Children of Dune', author: { id: 1, name: 'Frank Herbert' } },
      { id: 1, title: 'Dune', author: { id: 1, name: 'Frank Herbert' } },
    ]);
  });

  test('takes a filter as JSON text and a sort as a string', async () => {
    const tools = await connect();

    const result = await tools.call('list', {
      collection: 'books',
      filter: '{"field":"price","operator":"LessThan","value":12}',
      sort: '-title',
    });

    expect(titlesOf(result.structuredContent)).toEqual(['The Dispossessed', 'Dune']);
  });

  test('reads a page of the size asked, and the count of every page when asked', async () => {
    const tools = await connect();

    const result = await tools.call('list', { collection: 'books', page: { number: 2, size: 2 }, count: true });

    expect(titlesOf(result.structuredContent)).toEqual(['Children of Dune']);
    expect(result.structuredContent).toMatchObject({ page: { number: 2, size: 2 }, count: 3 });
  });

  test('lists the records of a segment, and those a search matches', async () => {
    const tools = await connect();

    const segment = await tools.call('list', { collection: 'books', segment: 'Expensive' });
    const search = await tools.call('list', { collection: 'books', search: 'dispossessed' });

    expect(titlesOf(segment.structuredContent)).toEqual(['Dune', 'Children of Dune']);
    expect(titlesOf(search.structuredContent)).toEqual(['The Dispossessed']);
  });

  test('packs composite ids', async () => {
    const tools = await connect();

    const result = await tools.call('list', { collection: 'book_tags', fields: ['book_id'] });

    expect((result.structuredContent as ListData).records.map(({ id }) => id)).toEqual(['1|1', '1|2', '2|3']);
  });

  test('lists only the records in the caller scope', async () => {
    const scoped = makeSelectivePermissions({ scopes: { books: new ConditionTreeLeaf('price', 'GreaterThan', 9) } });
    const unscoped = await connect();
    const inScope = await connect({ permissions: scoped });

    const all = await unscoped.call('list', { collection: 'books', count: true });
    const visible = await inScope.call('list', { collection: 'books', count: true });

    expect(titlesOf(all.structuredContent)).toContain('The Dispossessed');
    expect(titlesOf(visible.structuredContent)).toEqual(['Dune', 'Children of Dune']);
    expect(visible.structuredContent).toMatchObject({ count: 2 });
  });

  test('refuses a caller who may not browse the collection', async () => {
    const tools = await connect({ permissions: makeSelectivePermissions({ deny: ['browse:books'] }) });

    const result = await tools.call('list', { collection: 'books' });

    expect(result).toEqual({
      content: [{ type: 'text', text: "ForbiddenError: You may not browse 'books'." }],
      isError: true,
    });
  });

  test('answers the refusal of a before-list hook as an error result', async () => {
    const tools = await connect();

    const result = await tools.call('list', { collection: 'books', search: 'secret' });

    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('ForbiddenError: Searching for secrets is not allowed.');
  });

  test('answers an unexpected error with a generic message, and logs it', async () => {
    const logs: Array<{ level: string; error?: Error }> = [];
    const tools = await connect({ logger: (level, _message, error) => logs.push({ level, error }) });

    const result = await tools.call('list', { collection: 'books', search: 'crash' });

    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^InternalServerError: Unexpected error/);
    expect(textOf(result)).not.toMatch(/exploded/);
    expect(logs).toEqual([
      { level: 'Error', error: expect.objectContaining({ message: 'the search index exploded' }) },
    ]);
  });

  describe('bad arguments', () => {
    test.each([
      ['an unknown collection', { collection: 'movies' }, /expected one of "authors"\|"book_tags"\|"books"\|"tags"/],
      [
        'an unknown field, naming the fields',
        { collection: 'books', fields: ['isbn'] },
        /MissingFieldError: Unknown field 'isbn' in 'books'\. Fields: id, title, price, author_id, author/,
      ],
      [
        'an unknown field of a relation, naming its fields',
        { collection: 'books', fields: ['author:age'] },
        /MissingFieldError: Unknown field 'age' in 'authors'\. Fields: id, name, books/,
      ],
      [
        'a to-many relation among the fields',
        { collection: 'books', fields: ['tags'] },
        /ValidationError: .*ManyToMany relation.*listRelated/,
      ],
      [
        'a filter on an unknown field',
        { collection: 'books', filter: { field: 'isbn', operator: 'Equal', value: 'x' } },
        /MissingFieldError: Unknown field 'isbn' in 'books'/,
      ],
      [
        'a filter with an unknown operator',
        { collection: 'books', filter: { field: 'title', operator: 'Resembles', value: 'x' } },
        /ValidationError: .*Resembles/,
      ],
      ['a filter that is not JSON', { collection: 'books', filter: '{field' }, /ValidationError: Invalid filters/],
      ['a sort on an unknown field', { collection: 'books', sort: '-isbn' }, /MissingFieldError: Unknown field 'isbn'/],
      ['an unknown segment', { collection: 'books', segment: 'Cheap' }, /Unknown segment 'Cheap'.*Segments: Expensive/],
      ['a page over the largest size', { collection: 'books', page: { size: 101 } }, /expected number to be <=100/],
      ['a page number below 1', { collection: 'books', page: { number: 0 } }, /expected number to be >=1/],
      ['an unknown argument', { collection: 'books', filters: {} }, /filters/],
    ])('refuses %s with an error result', async (_name, args, message) => {
      const tools = await connect();

      const result = await tools.call('list', args);

      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(textOf(result)).toMatch(message);
    });
  });
});
