import { ConditionTreeLeaf, Filter, PaginatedFilter, Projection, Sort } from '@platform/datasource-toolkit';
import { makeCaller } from '../make-caller';
import type { ContractDataSource } from './run-collection-contract';

/** Writes to the library's books, each read back through a plain list. */
export function describeWriteContract(dataSource: ContractDataSource): void {
  const caller = makeCaller();
  const books = () => dataSource().getCollection('books');
  const readAll = () =>
    books().list(caller, new PaginatedFilter({ sort: Sort.fromString('id') }), new Projection('id', 'title', 'price'));
  const byAuthor = (authorId: number) =>
    new Filter({ conditionTree: new ConditionTreeLeaf('authorId', 'Equal', authorId) });

  test('creates records and returns them with their generated primary key', async () => {
    const [created] = await books().create(caller, [{ title: 'The Word for World Is Forest', price: 7, authorId: 2 }]);

    expect(created).toMatchObject({ id: expect.any(Number), title: 'The Word for World Is Forest', price: 7 });
    expect(await readAll()).toContainEqual({ id: created?.id, title: 'The Word for World Is Forest', price: 7 });
  });

  test('updates only the records the filter matches', async () => {
    await books().update(caller, byAuthor(1), { price: 20 });

    expect(await readAll()).toEqual([
      { id: 1, title: 'Dune', price: 20 },
      { id: 2, title: 'The Dispossessed', price: 8 },
      { id: 3, title: 'Children of Dune', price: 20 },
    ]);
  });

  // Book 3 is the one no cover, review or tag points to, so a database with foreign keys deletes it too.
  test('deletes only the records the filter matches', async () => {
    await books().delete(caller, new Filter({ conditionTree: new ConditionTreeLeaf('isbn', 'Missing') }));

    expect(await readAll()).toEqual([
      { id: 1, title: 'Dune', price: 10 },
      { id: 2, title: 'The Dispossessed', price: 8 },
    ]);
  });
}
