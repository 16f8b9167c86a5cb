import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Page,
  PaginatedFilter,
  Projection,
  type RecordData,
  Sort,
} from '@platform/datasource-toolkit';
import { makeCaller } from '../make-caller';
import type { ContractDataSource } from './run-collection-contract';

const ids = (records: readonly RecordData[]) => records.map((record) => record.id);

/** Lists of the library's books: projection, to-one relations, filters, search, sort and pages. */
export function describeListContract(dataSource: ContractDataSource): void {
  const caller = makeCaller();
  const list = (filter: ConstructorParameters<typeof PaginatedFilter>[0], ...paths: string[]) =>
    dataSource()
      .getCollection('books')
      .list(caller, new PaginatedFilter({ sort: Sort.fromString('id'), ...filter }), new Projection(...paths));

  test('returns every record, with only the projected columns', async () => {
    expect(await list({}, 'id', 'title')).toEqual([
      { id: 1, title: 'Dune' },
      { id: 2, title: 'The Dispossessed' },
      { id: 3, title: 'Children of Dune' },
    ]);
  });

  test('nests to-one relation fields, null when the relation is absent', async () => {
    expect(await list({}, 'id', 'author:name', 'cover:url')).toEqual([
      { id: 1, author: { name: 'Frank Herbert' }, cover: { url: 'https://covers.example/dune.png' } },
      { id: 2, author: { name: 'Ursula Le Guin' }, cover: null },
      { id: 3, author: { name: 'Frank Herbert' }, cover: null },
    ]);
  });

  test.each([
    ['Equal', new ConditionTreeLeaf('price', 'Equal', 8), [2]],
    ['In', new ConditionTreeLeaf('id', 'In', [1, 3]), [1, 3]],
    ['GreaterThan', new ConditionTreeLeaf('price', 'GreaterThan', 9), [1, 3]],
    ['Present', new ConditionTreeLeaf('isbn', 'Present'), [1, 2]],
    ['Missing', new ConditionTreeLeaf('publishedAt', 'Missing'), [2, 3]],
    ['Contains', new ConditionTreeLeaf('title', 'Contains', 'Dune'), [1, 3]],
    ['a relation field', new ConditionTreeLeaf('author:name', 'Equal', 'Ursula Le Guin'), [2]],
    [
      'an Or of two leaves',
      ConditionTreeFactory.union(new ConditionTreeLeaf('id', 'Equal', 2), new ConditionTreeLeaf('price', 'Equal', 12)),
      [2, 3],
    ],
  ])('filters with %s on a proper subset', async (_name, conditionTree, expected) => {
    const all = await list({}, 'id');
    expect(all.length).toBeGreaterThan(expected.length);

    expect(ids(await list({ conditionTree }, 'id'))).toEqual(expected);
  });

  test('searches text columns case-insensitively', async () => {
    expect(ids(await list({ search: 'dUnE' }, 'id'))).toEqual([1, 3]);
  });

  test('sorts by a relation field, then pages', async () => {
    const sort = Sort.fromString('-author:name,id');

    expect(ids(await list({ sort }, 'id'))).toEqual([2, 1, 3]);
    expect(ids(await list({ sort, page: new Page(1, 1) }, 'id'))).toEqual([1]);
  });
}
