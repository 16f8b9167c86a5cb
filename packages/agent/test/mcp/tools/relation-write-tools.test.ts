import { ConditionTreeLeaf } from '@platform/datasource-toolkit';
import { makeSelectivePermissions } from '../../factories/selective-permissions';
import { textOf } from './tool-client';
import { useToolLibrary } from './use-tool-library';

describe('relation write tools', () => {
  const { library, connect } = useToolLibrary();
  const links = () => library().query('SELECT book_id, tag_id FROM book_tags ORDER BY book_id, tag_id');
  const authorOf = (book: number) => library().query(`SELECT author_id FROM books WHERE id = ${book}`)[0]?.author_id;

  describe('associate', () => {
    test('links records of a ManyToMany relation through new through records', async () => {
      const tools = await connect();

      const result = await tools.call('associate', { collection: 'books', id: '2', relation: 'tags', ids: ['1', '2'] });

      expect(result.structuredContent).toEqual({ collection: 'books', id: '2', relation: 'tags', ids: ['1', '2'] });
      expect(links()).toEqual(
        expect.arrayContaining([
          { book_id: 2, tag_id: 1 },
          { book_id: 2, tag_id: 2 },
        ]),
      );
    });

    test('links records of a OneToMany relation by setting their origin key', async () => {
      const tools = await connect();

      await tools.call('associate', { collection: 'authors', id: '3', relation: 'books', ids: ['2'] });

      expect(authorOf(2)).toBe(3);
    });

    test('refuses a record out of the caller scope, and links nothing', async () => {
      const scope = makeSelectivePermissions({ scopes: { books: new ConditionTreeLeaf('price', 'GreaterThan', 9) } });
      const tools = await connect({ permissions: scope });

      const result = await tools.call('associate', {
        collection: 'authors',
        id: '3',
        relation: 'books',
        ids: ['1', '2'],
      });

      expect(textOf(result)).toBe("NotFoundError: 1 of the 2 record(s) of 'books' do not exist.");
      expect([authorOf(1), authorOf(2)]).toEqual([1, 2]);
    });

    test('refuses a caller who may not edit the parent collection', async () => {
      const tools = await connect({ permissions: makeSelectivePermissions({ deny: ['edit:authors'] }) });

      const result = await tools.call('associate', { collection: 'authors', id: '3', relation: 'books', ids: ['2'] });

      expect(textOf(result)).toBe("ForbiddenError: You may not edit 'authors'.");
      expect(authorOf(2)).toBe(2);
    });

    test.each([
      ['a to-one relation', { collection: 'books', id: '1', relation: 'author', ids: ['2'] }, /ManyToOne relation/],
      [
        'an unknown relation',
        { collection: 'books', id: '1', relation: 'shelves', ids: ['2'] },
        /Relations: author, book_tags, tags/,
      ],
      ['a bad related id', { collection: 'books', id: '1', relation: 'tags', ids: ['x'] }, /Invalid id "x" for 'tags'/],
      [
        'a missing parent',
        { collection: 'books', id: '9', relation: 'tags', ids: ['3'] },
        /No record of 'books' has the id '9'/,
      ],
    ])('refuses %s', async (_name, args, message) => {
      const tools = await connect();

      const result = await tools.call('associate', args);

      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
      expect(links()).toHaveLength(3);
    });
  });

  describe('dissociate', () => {
    test('unlinks records of a ManyToMany relation, keeping the records', async () => {
      const tools = await connect();

      const result = await tools.call('dissociate', { collection: 'books', id: '1', relation: 'tags', ids: ['2'] });

      expect(result.structuredContent).toMatchObject({ ids: ['2'], isDeleted: false });
      expect(links()).toEqual([
        { book_id: 1, tag_id: 1 },
        { book_id: 2, tag_id: 3 },
      ]);
      expect(library().query('SELECT id FROM tags')).toHaveLength(3);
    });

    test('unlinks records of a OneToMany relation by clearing their origin key', async () => {
      const tools = await connect();

      await tools.call('dissociate', { collection: 'authors', id: '1', relation: 'books', ids: ['3'] });

      expect([authorOf(1), authorOf(3)]).toEqual([1, null]);
    });

    test('deletes the records with delete: true', async () => {
      const tools = await connect();

      await tools.call('dissociate', { collection: 'books', id: '2', relation: 'tags', ids: ['3'], delete: true });

      expect(library().query('SELECT id FROM tags ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
    });

    test('leaves the records out of the caller scope linked', async () => {
      const scope = makeSelectivePermissions({ scopes: { books: new ConditionTreeLeaf('price', 'LessThan', 11) } });
      const tools = await connect({ permissions: scope });

      await tools.call('dissociate', { collection: 'authors', id: '1', relation: 'books', ids: ['1', '3'] });

      expect([authorOf(1), authorOf(3)]).toEqual([null, 1]);
    });

    test('refuses a caller who may not edit the parent, or delete the records with delete: true', async () => {
      const noEdit = await connect({ permissions: makeSelectivePermissions({ deny: ['edit:books'] }) });
      const noDelete = await connect({ permissions: makeSelectivePermissions({ deny: ['delete:tags'] }) });
      const args = { collection: 'books', id: '1', relation: 'tags', ids: ['1'] };

      const unlink = await noEdit.call('dissociate', args);
      const remove = await noDelete.call('dissociate', { ...args, delete: true });

      expect(textOf(unlink)).toBe("ForbiddenError: You may not edit 'books'.");
      expect(textOf(remove)).toBe("ForbiddenError: You may not delete 'tags'.");
      expect(links()).toHaveLength(3);
    });
  });
});
