import { ConditionTreeLeaf } from '@platform/datasource-toolkit';
import { makeSelectivePermissions } from '../../factories/selective-permissions';
import { textOf } from './tool-client';
import { useToolLibrary } from './use-tool-library';

type Book = { id: number; title: string; price: number | null; author_id: number | null };

describe('record write tools', () => {
  const { library, connect } = useToolLibrary((customizer) =>
    customizer.customizeCollection('books', (books) =>
      books
        .addFieldValidation('title', 'LongerThan', 1)
        .addHook('Before', 'Create', (context) => {
          if (context.data.some((record) => record.title === 'Forbidden')) {
            context.throwForbiddenError('Forbidden titles are forbidden.');
          }
        })
        .addHook('Before', 'Update', (context) => {
          if (context.patch.price === 0) context.throwValidationError('Books are never free.');
        })
        .addHook('Before', 'Delete', (context) => {
          context.throwError('Books are kept forever.');
        }),
    ),
  );
  const books = () => library().query<Book>('SELECT * FROM books ORDER BY id');

  describe('create', () => {
    test('creates a record, a ManyToOne relation given as the id it points at', async () => {
      const tools = await connect();

      const result = await tools.call('create', { collection: 'books', values: { title: 'Kindred', author: '3' } });

      expect(result.structuredContent).toEqual({
        collection: 'books',
        id: '4',
        record: { id: 4, title: 'Kindred', price: null, author_id: 3 },
      });
      expect(books()).toContainEqual({ id: 4, title: 'Kindred', price: null, author_id: 3 });
    });

    test.each([
      [
        'an unknown field, naming the writable fields',
        { title: 'X1', isbn: '1' },
        /MissingFieldError: Unknown field 'isbn' in 'books'\. Writable fields: id, title, price, author_id/,
      ],
      ['a missing required field', { price: 3 }, /ValidationError: Missing required field\(s\) of 'books': title/],
      [
        'a value of the wrong type',
        { title: 'X1', price: 'cheap' },
        /ValidationError: Invalid value for 'books.price'/,
      ],
      ['a value breaking a validation rule', { title: 'X' }, /ValidationError: .*title/],
      [
        'a reference to a bad id',
        { title: 'X1', author: 'three' },
        /ValidationError: Invalid id "three" for 'authors'/,
      ],
      ['a before-create hook refusal', { title: 'Forbidden' }, /^ForbiddenError: Forbidden titles are forbidden\.$/],
    ])('refuses %s and creates nothing', async (_name, values, message) => {
      const tools = await connect();

      const result = await tools.call('create', { collection: 'books', values });

      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
      expect(books()).toHaveLength(3);
    });

    test('refuses a caller who may not add', async () => {
      const tools = await connect({ permissions: makeSelectivePermissions({ deny: ['add:books'] }) });

      const result = await tools.call('create', { collection: 'books', values: { title: 'Kindred' } });

      expect(textOf(result)).toBe("ForbiddenError: You may not add 'books'.");
      expect(books()).toHaveLength(3);
    });
  });

  describe('update', () => {
    test('changes a record and returns it as it now is, with the fields asked', async () => {
      const tools = await connect();

      const result = await tools.call('update', {
        collection: 'books',
        id: '2',
        values: { price: 9, author: 1 },
        fields: ['title', 'author:name'],
      });

      expect(result.structuredContent).toEqual({
        collection: 'books',
        id: '2',
        record: { id: 2, title: 'The Dispossessed', author: { id: 1, name: 'Frank Herbert' } },
      });
      expect(books()[1]).toMatchObject({ price: 9, author_id: 1 });
    });

    test.each([
      ['a before-update hook refusal', { id: '1', values: { price: 0 } }, /^ValidationError: Books are never free\.$/],
      [
        'an unknown field',
        { id: '1', values: { isbn: 'x' } },
        /MissingFieldError: Unknown field 'isbn'.*Writable fields/,
      ],
      ['an empty patch', { id: '1', values: {} }, /ValidationError: Nothing to update in 'books'/],
      ['a bad id', { id: '1.5', values: { price: 3 } }, /ValidationError: Invalid id "1.5"/],
      [
        'a record that does not exist',
        { id: '9', values: { price: 3 } },
        /^NotFoundError: No record of 'books' has the id '9'\.$/,
      ],
    ])('refuses %s and changes nothing', async (_name, args, message) => {
      const tools = await connect();

      const result = await tools.call('update', { collection: 'books', ...args });

      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
      expect(books()[0]).toMatchObject({ price: 10 });
    });

    test('answers a record out of the caller scope as missing, and changes nothing', async () => {
      const scope = makeSelectivePermissions({ scopes: { books: new ConditionTreeLeaf('price', 'GreaterThan', 9) } });
      const tools = await connect({ permissions: scope });

      const result = await tools.call('update', { collection: 'books', id: '2', values: { price: 1 } });

      expect(textOf(result)).toBe("NotFoundError: No record of 'books' has the id '2'.");
      expect(books()[1]).toMatchObject({ price: 8 });
    });

    test('refuses a caller who may not edit', async () => {
      const tools = await connect({ permissions: makeSelectivePermissions({ deny: ['edit:books'] }) });

      const result = await tools.call('update', { collection: 'books', id: '1', values: { price: 1 } });

      expect(textOf(result)).toBe("ForbiddenError: You may not edit 'books'.");
      expect(books()[0]).toMatchObject({ price: 10 });
    });
  });

  describe('delete', () => {
    test('deletes the records of the ids given, composite ids packed', async () => {
      const tools = await connect();

      const result = await tools.call('delete', { collection: 'book_tags', ids: ['1|2', '2|3'] });

      expect(result.structuredContent).toEqual({ collection: 'book_tags', ids: ['1|2', '2|3'] });
      expect(library().query('SELECT * FROM book_tags')).toEqual([{ book_id: 1, tag_id: 1 }]);
    });

    test('leaves the records out of the caller scope', async () => {
      const scope = makeSelectivePermissions({ scopes: { book_tags: new ConditionTreeLeaf('tag_id', 'Equal', 3) } });
      const tools = await connect({ permissions: scope });

      await tools.call('delete', { collection: 'book_tags', ids: ['1|2', '2|3'] });

      expect(library().query('SELECT * FROM book_tags ORDER BY book_id, tag_id')).toEqual([
        { book_id: 1, tag_id: 1 },
        { book_id: 1, tag_id: 2 },
      ]);
    });

    test('answers the refusal of a before-delete hook and deletes nothing', async () => {
      const tools = await connect();

      const result = await tools.call('delete', { collection: 'books', ids: ['3'] });

      expect(textOf(result)).toBe('UnprocessableError: Books are kept forever.');
      expect(books()).toHaveLength(3);
    });

    test('refuses a caller who may not delete', async () => {
      const tools = await connect({ permissions: makeSelectivePermissions({ deny: ['delete:book_tags'] }) });

      const result = await tools.call('delete', { collection: 'book_tags', ids: ['1|1'] });

      expect(textOf(result)).toBe("ForbiddenError: You may not delete 'book_tags'.");
      expect(library().query('SELECT * FROM book_tags')).toHaveLength(3);
    });

    test.each([
      ['no id', { ids: [] }, /Too small/],
      ['an id missing a part of the composite key', { ids: ['1'] }, /expected 2 part\(s\) \(book_id, tag_id\)/],
    ])('refuses %s', async (_name, args, message) => {
      const tools = await connect();

      const result = await tools.call('delete', { collection: 'book_tags', ...args });

      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
      expect(library().query('SELECT * FROM book_tags')).toHaveLength(3);
    });
  });
});
