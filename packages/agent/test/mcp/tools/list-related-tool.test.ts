import { ConditionTreeLeaf } from '@platform/datasource-toolkit';
import { makeSelectivePermissions } from '../../factories/selective-permissions';
import { textOf } from './tool-client';
import { useToolLibrary } from './use-tool-library';

type ListData = { collection: string; records: Array<{ id: string; record: Record<string, unknown> }> };
const recordsOf = (data: unknown) => (data as ListData).records.map(({ record }) => record);

describe('listRelated tool', () => {
  const { connect } = useToolLibrary();

  test('lists the records of a OneToMany relation of one record', async () => {
    const tools = await connect();

    const result = await tools.call('listRelated', {
      collection: 'authors',
      id: '1',
      relation: 'books',
      fields: ['title'],
    });

    expect(result.structuredContent).toMatchObject({ collection: 'books', page: { number: 1, size: 15 } });
    expect(recordsOf(result.structuredContent)).toEqual([
      { id: 1, title: 'Dune' },
      { id: 3, title: 'Children of Dune' },
    ]);
  });

  test('lists the records of a ManyToMany relation, with the list arguments applied to them', async () => {
    const tools = await connect();

    const result = await tools.call('listRelated', {
      collection: 'books',
      id: 1,
      relation: 'tags',
      filter: { field: 'label', operator: 'NotEqual', value: 'classic' },
      count: true,
    });

    expect(recordsOf(result.structuredContent)).toEqual([{ id: 1, label: 'sci-fi' }]);
    expect(result.structuredContent).toMatchObject({ count: 1 });
  });

  test('lists only the related records in the caller scope on the related collection', async () => {
    const scope = makeSelectivePermissions({ scopes: { books: new ConditionTreeLeaf('price', 'LessThan', 11) } });
    const unscoped = await connect();
    const scoped = await connect({ permissions: scope });
    const args = { collection: 'authors', id: '1', relation: 'books', fields: ['title'] };

    const all = await unscoped.call('listRelated', args);
    const visible = await scoped.call('listRelated', args);

    expect(recordsOf(all.structuredContent)).toContainEqual({ id: 3, title: 'Children of Dune' });
    expect(recordsOf(visible.structuredContent)).toEqual([{ id: 1, title: 'Dune' }]);
  });

  test('answers a parent record out of the caller scope as missing', async () => {
    const scope = makeSelectivePermissions({ scopes: { authors: new ConditionTreeLeaf('id', 'Equal', 2) } });
    const tools = await connect({ permissions: scope });

    const result = await tools.call('listRelated', { collection: 'authors', id: '1', relation: 'books' });

    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("NotFoundError: No record of 'authors' has the id '1'.");
  });

  test('refuses a caller who may not browse the related collection', async () => {
    const tools = await connect({ permissions: makeSelectivePermissions({ deny: ['browse:books'] }) });

    const result = await tools.call('listRelated', { collection: 'authors', id: '1', relation: 'books' });

    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("ForbiddenError: You may not browse 'books'.");
  });

  describe('bad arguments', () => {
    test.each([
      [
        'an unknown relation, naming the relations',
        { collection: 'books', id: '1', relation: 'reviews' },
        /NotFoundError: Relation 'reviews' does not exist on 'books'\. Relations: author, book_tags, tags\./,
      ],
      [
        'a to-one relation',
        { collection: 'books', id: '1', relation: 'author' },
        /ValidationError: 'books.author' is a ManyToOne relation/,
      ],
      ['an id that is not a number', { collection: 'books', id: 'one', relation: 'tags' }, /Invalid id "one"/],
      [
        'an id with too many parts',
        { collection: 'books', id: '1|2', relation: 'tags' },
        /expected 1 part\(s\) \(id\) separated by '\|', got 2/,
      ],
      [
        'an unknown field of the related collection',
        { collection: 'books', id: '1', relation: 'tags', fields: ['title'] },
        /MissingFieldError: Unknown field 'title' in 'tags'\. Fields: id, label/,
      ],
      ['a missing id', { collection: 'books', relation: 'tags' }, /id/],
    ])('refuses %s with an error result', async (_name, args, message) => {
      const tools = await connect();

      const result = await tools.call('listRelated', args);

      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
    });
  });
});
