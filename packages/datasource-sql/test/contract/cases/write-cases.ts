import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Filter,
  isErrorOfKind,
  PaginatedFilter,
  Projection,
} from '@platform/datasource-toolkit';
import { type ContractEnv, ids, listAll, makeCaller, relationOf, sortedIds } from '../contract-env';

/** Writes: create with generated keys, update and delete by filter (also through relations), errors. */
export function describeWrites(env: () => ContractEnv): void {
  const caller = makeCaller();
  const collection = (name: string) => env().dataSource.getCollection(name);
  const byIds = (...values: number[]) => new Filter({ conditionTree: new ConditionTreeLeaf('id', 'In', values) });
  const newBook = (overrides: Record<string, unknown> = {}) => ({
    title: 'A New Book',
    isbn: `978-1-${Math.random().toString().slice(2, 12)}`,
    author_id: 1,
    ...overrides,
  });

  test('creates a record and returns it with its generated id and defaults', async () => {
    const [created] = await collection('books').create(caller, [newBook({ isbn: '978-1-000000001' })]);

    expect(created).toMatchObject({
      title: 'A New Book',
      isbn: '978-1-000000001',
      author_id: 1,
      status: 'draft',
      view_count: 0,
      is_published: false,
      price: null,
    });
    expect(created?.id).toBeGreaterThan(24);
    expect(created?.created_at).toBeInstanceOf(Date);
  });

  test('writes and reads back every value type unchanged', async () => {
    const values = {
      price: 12.5,
      rating: 4.25,
      view_count: 9_007_199_254_740_991,
      status: 'published',
      is_published: true,
      metadata: { tags: ['a', 'b'], nested: { n: 1 } },
      published_on: '2020-02-29',
      created_at: '2024-06-01T10:20:30.000Z',
    };

    const [created] = await collection('books').create(caller, [newBook(values)]);
    const [read] = await collection('books').list(
      caller,
      new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', created?.id) }),
      new Projection(...Object.keys(values)),
    );

    const expected = { ...values, created_at: new Date(values.created_at) };
    expect(created).toMatchObject(expected);
    expect(read).toEqual(expected);
  });

  test('creates several records at once', async () => {
    const created = await collection('tags').create(caller, [{ name: 'poetry' }, { name: 'travel' }]);

    expect(created.map((tag) => tag.name)).toEqual(['poetry', 'travel']);
    expect(new Set(ids(created)).size).toBe(2);
  });

  test('creates a record with a composite primary key', async () => {
    const [created] = await collection('book_editions').create(caller, [{ book_id: 9, edition_number: 3 }]);

    expect(created).toMatchObject({ book_id: 9, edition_number: 3, format: 'paperback', released_on: null });
  });

  test('creates a record with a time value', async () => {
    const [created] = await collection('authors').create(caller, [
      {
        first_name: 'Mary',
        last_name: 'Shelley',
        external_id: '00000000-0000-4000-8000-000000000099',
        writing_hour: '07:45:00',
      },
    ]);

    expect(created).toMatchObject({ writing_hour: '07:45:00', is_active: true, email: null });
  });

  test('updates the records a filter matches, and only those', async () => {
    await collection('books').update(caller, byIds(2, 3), { page_count: 999, status: 'archived' });

    const records = await collection('books').list(
      caller,
      new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('page_count', 'Equal', 999) }),
      new Projection('id', 'status'),
    );
    expect(records).toEqual([
      { id: 2, status: 'archived' },
      { id: 3, status: 'archived' },
    ]);
  });

  test('updates through a filter on a relation', async () => {
    const author = relationOf(collection('books'), 'author_id');
    const filter = new Filter({ conditionTree: new ConditionTreeLeaf(`${author}:last_name`, 'Equal', 'Orwell') });

    await collection('books').update(caller, filter, { rating: 5 });

    const rated = await collection('books').list(
      caller,
      new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('rating', 'Equal', 5) }),
      new Projection('id'),
    );
    expect(sortedIds(rated)).toEqual([4, 12, 20]);
  });

  test('updates and deletes a record with a composite key', async () => {
    const editions = collection('book_editions');
    const one = new Filter({
      conditionTree: ConditionTreeFactory.intersect(
        new ConditionTreeLeaf('book_id', 'Equal', 1),
        new ConditionTreeLeaf('edition_number', 'Equal', 2),
      ),
    });

    await editions.update(caller, one, { format: 'ebook' });
    const updated = await editions.list(
      caller,
      new PaginatedFilter({ conditionTree: one.conditionTree }),
      new Projection('format'),
    );
    await editions.delete(caller, one);
    const remaining = await editions.list(
      caller,
      new PaginatedFilter({ conditionTree: one.conditionTree }),
      new Projection('format'),
    );

    expect(updated).toEqual([{ format: 'ebook' }]);
    expect(remaining).toEqual([]);
  });

  test('deletes through a filter on a relation', async () => {
    const tags = collection('book_tags');
    const book = relationOf(tags, 'book_id');
    const before = await listAll(tags);

    await tags.delete(caller, new Filter({ conditionTree: new ConditionTreeLeaf(`${book}:title`, 'Equal', 'Jazz') }));

    const after = await listAll(tags);
    expect(before.filter((row) => row.book_id === 19)).not.toEqual([]);
    expect(after).toEqual(before.filter((row) => row.book_id !== 19));
  });

  test('deletes the records a filter matches', async () => {
    const [deleted, kept] = ids(await collection('tags').create(caller, [{ name: 'to-delete' }, { name: 'to-keep' }]));
    const listBoth = () =>
      collection('tags').list(
        caller,
        new PaginatedFilter({ conditionTree: byIds(Number(deleted), Number(kept)).conditionTree }),
        new Projection('id'),
      );
    expect(sortedIds(await listBoth())).toEqual([deleted, kept]);

    await collection('tags').delete(caller, byIds(Number(deleted)));

    expect(ids(await listBoth())).toEqual([kept]);
  });

  test('refuses a duplicate unique value with a UniqueConstraintError naming the field', async () => {
    const error = await collection('books')
      .create(caller, [newBook({ isbn: '978-0-00-100037-1' })])
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ name: 'UniqueConstraintError' });
    expect(isErrorOfKind(error, 'ValidationError')).toBe(true);
    expect(String((error as Error).message)).toMatch(/isbn/);
  });

  test('refuses an update that duplicates a unique value', async () => {
    const error = await collection('tags')
      .update(caller, byIds(1), { name: 'modernism' })
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ name: 'UniqueConstraintError' });
  });

  test('refuses a reference to a missing record with a ForeignKeyConstraintError', async () => {
    const error = await collection('books')
      .create(caller, [newBook({ author_id: 999 })])
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ name: 'ForeignKeyConstraintError' });
    expect(isErrorOfKind(error, 'UnprocessableError')).toBe(true);
  });

  test('refuses to delete a record other records point to', async () => {
    const error = await collection('authors')
      .delete(caller, byIds(2))
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ name: 'ForeignKeyConstraintError' });
  });

  test('refuses writes on a view', async () => {
    const view = collection('published_books');

    await expect(view.create(caller, [{ title: 'x' }])).rejects.toMatchObject({ name: 'UnprocessableError' });
    await expect(view.update(caller, byIds(1), { title: 'x' })).rejects.toMatchObject({ name: 'UnprocessableError' });
    await expect(view.delete(caller, byIds(1))).rejects.toMatchObject({ name: 'UnprocessableError' });
  });

  test('leaves required columns to the database, which names the missing one', async () => {
    const error = await collection('tags')
      .create(caller, [{}])
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ name: 'ConstraintViolationError' });
    expect(String((error as Error).message)).toMatch(/name/);
  });

  test('refuses to write a generated column', async () => {
    await expect(collection('documents').create(caller, [{ title: 'x', title_length: 3 }])).rejects.toMatchObject({
      name: 'ValidationError',
    });
  });
}
