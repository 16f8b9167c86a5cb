import { ConditionTreeLeaf, Filter, PaginatedFilter, Projection } from '@platform/datasource-toolkit';
import { createLibrary, makeCaller } from './write-fixtures';

const caller = makeCaller();
const byId = (id: number) => new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', id) });

describe('WriteCollectionDecorator: replaceFieldWriting', () => {
  test('makes a read-only column writable', () => {
    const { books } = createLibrary();

    books.replaceFieldWriting('label', () => ({}));

    expect(books.schema.fields.label).toMatchObject({ isReadOnly: false });
  });

  test('replaces the field with the patch its definition returns, on create', async () => {
    const { books, childOf } = createLibrary();
    const definition = jest.fn((value: unknown) => {
      const [title, subtitle] = String(value).split(': ');
      return { title, subtitle };
    });
    books.replaceFieldWriting('label', definition);
    const record = { label: 'Dune: Book One', authorId: 2 };

    const [created] = await books.create(caller, [record]);

    expect(created).toMatchObject({ id: 4, title: 'Dune', subtitle: 'Book One', authorId: 2 });
    expect(childOf('books').call('create').args[1]).toEqual([{ title: 'Dune', subtitle: 'Book One', authorId: 2 }]);
    expect(definition).toHaveBeenCalledWith(
      'Dune: Book One',
      expect.objectContaining({ action: 'create', record, caller, collection: books, filter: undefined }),
    );
  });

  test('replaces the field on update, with the filter in the context', async () => {
    const { books, childOf } = createLibrary();
    const definition = jest.fn(() => ({ title: 'Renamed' }));
    books.replaceFieldWriting('label', definition);

    await books.update(caller, byId(1), { label: 'anything' });

    expect(childOf('books').call('update').args[2]).toEqual({ title: 'Renamed' });
    expect(definition).toHaveBeenCalledWith('anything', expect.objectContaining({ action: 'update', filter: byId(1) }));
  });

  test('sends no update down when the definitions leave the patch empty', async () => {
    const { books, childOf } = createLibrary();
    const definition = jest.fn(() => ({}));
    books.replaceFieldWriting('label', definition);

    await books.update(caller, byId(1), { label: 'written elsewhere' });

    expect(definition).toHaveBeenCalledTimes(1);
    expect(childOf('books').callsOf('update')).toEqual([]);
  });

  test("writes the field's own key as the definition returns it", async () => {
    const { books } = createLibrary();
    books.replaceFieldWriting('title', (value) => ({ title: String(value).trim().toUpperCase() }));

    const [created] = await books.create(caller, [{ title: '  dune ' }]);

    expect(created).toMatchObject({ title: 'DUNE' });
  });

  test('replaces the fields a definition returns when they have definitions too', async () => {
    const { books } = createLibrary();
    books.replaceFieldWriting('label', (value) => ({ subtitle: value, title: 'From label' }));
    books.replaceFieldWriting('subtitle', (value) => ({ subtitle: `(${String(value)})` }));

    const [created] = await books.create(caller, [{ label: 'x' }]);

    expect(created).toMatchObject({ title: 'From label', subtitle: '(x)' });
  });

  test('writes nothing for the field when the definition returns nothing', async () => {
    const { books, childOf } = createLibrary();
    books.replaceFieldWriting('label', () => undefined);

    await books.update(caller, byId(1), { label: 'ignored', title: 'Kept' });

    expect(childOf('books').call('update').args[2]).toEqual({ title: 'Kept' });
  });

  test('may write fields of a to-one relation, which are written in their collection', async () => {
    const { books, childOf } = createLibrary();
    books.replaceFieldWriting('label', (value) => ({ author: { name: value } }));

    const [created] = await books.create(caller, [{ title: 'New', label: 'Octavia' }]);

    expect(created).toMatchObject({ title: 'New', authorId: 3, author: { id: 3, name: 'Octavia' } });
    expect(childOf('authors').callsOf('create')).toHaveLength(1);
  });

  describe('bad input', () => {
    test('refuses an unknown field, listing the fields', () => {
      const { books } = createLibrary();

      expect(() => books.replaceFieldWriting('summary', () => ({}))).toThrow(
        expect.objectContaining({
          name: 'MissingFieldError',
          message: "Unknown field 'summary' in 'books'. Fields: id, title, subtitle, label, authorId, author.",
        }),
      );
    });

    test('refuses a relation and a definition that is not a function', () => {
      const { books } = createLibrary();

      expect(() => books.replaceFieldWriting('author', () => ({}))).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: expect.stringContaining('is a ManyToOne relation'),
        }),
      );
      expect(() => books.replaceFieldWriting('label', { title: 'x' } as never)).toThrow(
        expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('expected a function') }),
      );
    });

    test('refuses a definition that returns something else than an object, without writing', async () => {
      const { books, childOf } = createLibrary();
      books.replaceFieldWriting('label', (value) => value as never);

      await expect(books.create(caller, [{ label: 'text' }])).rejects.toMatchObject({
        name: 'ValidationError',
        message: "The writing definition of 'books.label' must return a patch (an object of fields), got string.",
      });
      await expect(books.update(caller, byId(1), { label: ['a'] })).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining('got an array'),
      });
      expect(childOf('books').calls).toHaveLength(0);
    });

    test('refuses patches that give one field two values', async () => {
      const { books } = createLibrary();
      books.replaceFieldWriting('label', () => ({ title: 'From label' }));

      await expect(books.create(caller, [{ title: 'Given', label: 'x' }])).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining("Conflicting values for 'books.title'"),
      });
    });

    test('refuses definitions that call each other in a cycle', async () => {
      const { books } = createLibrary();
      books.replaceFieldWriting('label', (value) => ({ subtitle: value }));
      books.replaceFieldWriting('subtitle', (value) => ({ label: value }));

      await expect(books.create(caller, [{ label: 'x' }])).rejects.toMatchObject({
        name: 'ValidationError',
        message: "The writing definitions of 'books' form a cycle: label -> subtitle -> label.",
      });
    });

    test('lets an error thrown by a definition through as is', async () => {
      const { books } = createLibrary();
      const failure = new Error('geocoder down');
      books.replaceFieldWriting('label', () => {
        throw failure;
      });

      await expect(books.update(caller, byId(1), { label: 'x' })).rejects.toBe(failure);
      const [book] = await books.list(caller, new PaginatedFilter(), new Projection('title'));
      expect(book).toEqual({ title: 'The Dispossessed' });
    });
  });
});
