import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Page,
  PaginatedFilter,
  Projection,
  Sort,
} from '@platform/datasource-toolkit';
import { makeCaller } from '../factories/caller-factory';
import { makeLibraryDataSource } from '../factories/library-data-source-factory';

const caller = makeCaller();
const books = () => makeLibraryDataSource().getCollection('books');
const list = (filter: ConstructorParameters<typeof PaginatedFilter>[0], ...paths: string[]) =>
  books().list(caller, new PaginatedFilter(filter), new Projection(...(paths.length ? paths : ['id'])));

describe('in-memory list', () => {
  test('returns only the projected fields, with defaults filled at creation', async () => {
    const records = await list({}, 'id', 'status');

    expect(records).toEqual([
      { id: 1, status: 'Published' },
      { id: 2, status: 'Published' },
      { id: 3, status: 'Draft' },
    ]);
  });

  test('returns columns that were not seeded as null', async () => {
    const [, , untitled] = await list({}, 'publishedAt');

    expect(untitled).toEqual({ publishedAt: null });
  });

  test('projects fields of many-to-one and one-to-one relations, null when absent', async () => {
    const records = await list({}, 'title', 'author:name', 'author:passport:country');

    expect(records).toEqual([
      { title: 'Dune', author: { name: 'Frank Herbert', passport: null } },
      { title: 'The Dispossessed', author: { name: 'Ursula Le Guin', passport: { country: 'US' } } },
      { title: 'Untitled', author: null },
    ]);
  });

  test('filters with a condition tree', async () => {
    const records = await list({ conditionTree: new ConditionTreeLeaf('price', 'GreaterThan', 9) });

    expect(records).toEqual([{ id: 1 }]);
  });

  test('filters through relations', async () => {
    const conditionTree = ConditionTreeFactory.fromPlainObject({
      aggregator: 'Or',
      conditions: [
        { field: 'author:name', operator: 'StartsWith', value: 'Frank' },
        { field: 'author:passport:country', operator: 'Equal', value: 'US' },
      ],
    });

    expect(await list({ conditionTree })).toEqual([{ id: 1 }, { id: 2 }]);
  });

  test('searches String columns case-insensitively', async () => {
    expect(await list({ search: 'DUNE' })).toEqual([{ id: 1 }]);
  });

  test('extended search also reads to-one relations', async () => {
    expect(await list({ search: 'le guin' })).toEqual([]);
    expect(await list({ search: 'le guin', searchExtended: true })).toEqual([{ id: 2 }]);
  });

  test('an empty search matches everything', async () => {
    expect(await list({ search: '  ' })).toHaveLength(3);
  });

  test('sorts, including by relation fields, then pages', async () => {
    expect(await list({ sort: Sort.fromString('-author:name,id') })).toEqual([{ id: 2 }, { id: 1 }, { id: 3 }]);
    expect(await list({ sort: Sort.fromString('-id'), page: new Page(1, 1) })).toEqual([{ id: 2 }]);
  });

  test('returns copies: changing a result does not change the store', async () => {
    const collection = makeLibraryDataSource({
      books: [{ id: 1, title: 'Dune', metadata: { pages: 412 } }],
    }).getCollection('books');
    const [first] = await collection.list(caller, new PaginatedFilter(), new Projection('metadata'));
    (first?.metadata as { pages: number }).pages = 1;

    const [again] = await collection.list(caller, new PaginatedFilter(), new Projection('metadata'));

    expect(again).toEqual({ metadata: { pages: 412 } });
  });

  test('refuses an unknown projected field with a MissingFieldError', async () => {
    await expect(list({}, 'nope')).rejects.toMatchObject({ name: 'MissingFieldError' });
  });

  test('refuses an invalid condition with a ValidationError', async () => {
    await expect(list({ conditionTree: new ConditionTreeLeaf('price', 'Contains', 'x') })).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining('Allowed operators'),
    });
  });

  test('refuses an unknown sort field with a MissingFieldError', async () => {
    await expect(list({ sort: Sort.fromString('nope') })).rejects.toMatchObject({ name: 'MissingFieldError' });
  });

  test('refuses a search on a collection that is not searchable', async () => {
    const passports = makeLibraryDataSource().getCollection('passports');

    await expect(
      passports.list(caller, new PaginatedFilter({ search: 'US' }), new Projection('code')),
    ).rejects.toMatchObject({ name: 'UnprocessableError' });
  });

  test('refuses an unknown segment with a NotFoundError listing the segments', async () => {
    await expect(list({ segment: 'Lost' })).rejects.toMatchObject({
      name: 'NotFoundError',
      message: expect.stringContaining('Segments: Classics'),
    });
  });

  test('refuses a declared segment it cannot resolve', async () => {
    await expect(list({ segment: 'Classics' })).rejects.toMatchObject({ name: 'UnprocessableError' });
  });
});
