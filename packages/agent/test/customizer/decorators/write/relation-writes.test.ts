import { ConditionTreeLeaf, Filter, PaginatedFilter, Projection, Sort } from '@platform/datasource-toolkit';
import { createLibrary, makeCaller } from './write-fixtures';

const caller = makeCaller();
const byIds = (...ids: number[]) => new Filter({ conditionTree: new ConditionTreeLeaf('id', 'In', ids) });

async function readAll(collection: ReturnType<typeof createLibrary>['books'], ...fields: string[]) {
  return collection.list(caller, new PaginatedFilter({ sort: Sort.fromString('id') }), new Projection('id', ...fields));
}

describe('WriteCollectionDecorator: nested to-one relations', () => {
  describe('create', () => {
    test('creates ManyToOne records in one query, sets the foreign keys and returns them nested', async () => {
      const { books, childOf } = createLibrary();

      const created = await books.create(caller, [
        { title: 'Kindred', author: { name: 'Octavia' } },
        { title: 'Untitled 2' },
        { title: 'Beloved', author: { name: 'Toni' } },
      ]);

      expect(created).toEqual([
        expect.objectContaining({ title: 'Kindred', authorId: 3, author: { id: 3, name: 'Octavia' } }),
        expect.objectContaining({ title: 'Untitled 2', authorId: null }),
        expect.objectContaining({ title: 'Beloved', authorId: 4, author: { id: 4, name: 'Toni' } }),
      ]);
      expect(childOf('authors').callsOf('create')).toHaveLength(1);
      expect(childOf('books').call('create').args[1]).toEqual([
        { title: 'Kindred', authorId: 3 },
        { title: 'Untitled 2' },
        { title: 'Beloved', authorId: 4 },
      ]);
    });

    test("applies the related collection's own writing replacements to the nested record", async () => {
      const { books, authors } = createLibrary();
      authors.replaceFieldWriting('name', (value) => ({ name: String(value).trim() }));

      const [created] = await books.create(caller, [{ title: 'Kindred', author: { name: '  Octavia ' } }]);

      expect(created?.author).toEqual({ id: 3, name: 'Octavia' });
    });

    test('sets the foreign key to null for a null ManyToOne value', async () => {
      const { books, childOf } = createLibrary();

      await books.create(caller, [{ title: 'Orphan', author: null }]);

      expect(childOf('books').call('create').args[1]).toEqual([{ title: 'Orphan', authorId: null }]);
      expect(childOf('authors').calls).toHaveLength(0);
    });

    test('creates OneToOne records after their owners, pointing at them, in one query', async () => {
      const { authors, childOf } = createLibrary();

      const created = await authors.create(caller, [
        { name: 'Octavia', profile: { bio: 'Xenogenesis' } },
        { name: 'Toni', profile: { bio: 'Beloved' } },
      ]);

      expect(created.map((author) => author.profile)).toEqual([
        { id: 2, bio: 'Xenogenesis', authorId: 3 },
        { id: 3, bio: 'Beloved', authorId: 4 },
      ]);
      expect(childOf('profiles').callsOf('create')).toHaveLength(1);
    });
  });

  describe('update', () => {
    test('updates the linked ManyToOne records in one query, without touching the records', async () => {
      const { books, authors, childOf } = createLibrary();

      await books.update(caller, byIds(1, 2), { author: { name: 'Renamed' } });

      expect(await readAll(authors, 'name')).toEqual([
        { id: 1, name: 'Renamed' },
        { id: 2, name: 'Renamed' },
      ]);
      expect((childOf('authors').call('update').args[1] as Filter).conditionTree?.toPlainObject()).toEqual({
        field: 'id',
        operator: 'In',
        value: [1, 2],
      });
      expect(childOf('authors').callsOf('update')).toHaveLength(1);
      expect(childOf('books').callsOf('update')).toHaveLength(0);
    });

    test('creates and links a ManyToOne record for records that have none', async () => {
      const { books } = createLibrary();

      await books.update(caller, byIds(3), { title: 'Titled', author: { name: 'Octavia' } });

      const [book] = await books.list(caller, new PaginatedFilter(byIds(3)), new Projection('title', 'author:name'));
      expect(book).toEqual({ title: 'Titled', author: { name: 'Octavia' } });
    });

    test('unlinks a ManyToOne record on null', async () => {
      const { books } = createLibrary();

      await books.update(caller, byIds(1), { author: null });

      expect(await readAll(books, 'authorId')).toEqual([
        { id: 1, authorId: null },
        { id: 2, authorId: 2 },
        { id: 3, authorId: null },
      ]);
    });

    test('updates existing OneToOne records and creates the missing ones, one query each', async () => {
      const { authors, counting, childOf } = createLibrary();
      counting.reset();

      await authors.update(caller, byIds(1, 2), { profile: { bio: 'Same bio' } });

      const profiles = await childOf('profiles').list(caller, new PaginatedFilter(), new Projection('bio', 'authorId'));
      expect(profiles).toEqual([
        { bio: 'Same bio', authorId: 1 },
        { bio: 'Same bio', authorId: 2 },
      ]);
      expect(childOf('profiles').callsOf('update')).toHaveLength(1);
      expect(childOf('profiles').callsOf('create')).toHaveLength(1);
    });

    test('reads the targets before updating, so a patch that changes what the filter matches still applies', async () => {
      const { books } = createLibrary();
      const filter = new Filter({ conditionTree: new ConditionTreeLeaf('title', 'Equal', 'Excession') });

      await books.update(caller, filter, { title: 'Matter', author: { name: 'Iain M.' } });

      const [book] = await books.list(caller, new PaginatedFilter(byIds(2)), new Projection('title', 'author:name'));
      expect(book).toEqual({ title: 'Matter', author: { name: 'Iain M.' } });
    });
  });

  describe('bad input', () => {
    test('refuses a nested record together with its foreign key, without writing', async () => {
      const { books, childOf } = createLibrary();

      await expect(books.create(caller, [{ title: 'x', authorId: 1, author: { name: 'y' } }])).rejects.toMatchObject({
        name: 'ValidationError',
        message: "Cannot write both 'books.author' (a nested record) and its foreign key 'authorId': give one.",
      });
      await expect(books.update(caller, byIds(1), { authorId: 2, author: null })).rejects.toMatchObject({
        name: 'ValidationError',
      });
      expect(childOf('books').calls).toHaveLength(0);
      expect(childOf('authors').calls).toHaveLength(0);
    });

    test('refuses to write a to-many relation', async () => {
      const { authors } = createLibrary();

      await expect(authors.create(caller, [{ name: 'x', books: [{ title: 'y' }] }])).rejects.toMatchObject({
        name: 'ValidationError',
        message: expect.stringContaining("Cannot write 'authors.books': it is a OneToMany relation"),
      });
    });

    test('refuses a to-one relation value that is not an object', async () => {
      const { books } = createLibrary();

      await expect(books.update(caller, byIds(1), { author: 2 })).rejects.toMatchObject({
        name: 'ValidationError',
        message: "Invalid value for 'books.author': write a to-one relation as an object of its fields, or null.",
      });
    });

    test('passes the errors of the related collection through, naming its fields', async () => {
      const { books } = createLibrary();

      await expect(books.create(caller, [{ title: 'x', author: { nickname: 'y' } }])).rejects.toMatchObject({
        name: 'MissingFieldError',
        message: expect.stringContaining("Unknown field 'nickname' in 'authors'"),
      });
    });
  });
});
