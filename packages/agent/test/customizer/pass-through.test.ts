import {
  ConditionTreeLeaf,
  Page,
  PaginatedFilter,
  Projection,
  type RecordData,
  Sort,
} from '@platform/datasource-toolkit';
import { makeCaller, makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import { DataSourceCustomizer } from '../../src';
import { CountingDataSource } from '../factories/counting-collection';

// Requests skip every layer where nothing is customized (CollectionDecorator), so that with no
// customization the data source gets the caller's own filter and projection, and the caller the
// data source's own records. These tests fail when a layer is not skipped: its overrides copy.
describe('customization stack with no customization', () => {
  async function booksThroughStack() {
    const library = new CountingDataSource(makeLibraryDataSource());
    const books = library.getCollection('books');
    const returned: RecordData[][] = [];
    const list = books.list.bind(books);
    books.list = async (...args) => {
      const records = await list(...args);
      returned.push(records);
      return records;
    };
    const dataSource = await new DataSourceCustomizer().addDataSource(async () => library).getDataSource(silentLogger);

    return { child: books, top: dataSource.getCollection('books'), returned };
  }

  test('passes the same filter and projection objects down to the data source', async () => {
    const { child, top } = await booksThroughStack();
    const filter = new PaginatedFilter({
      conditionTree: new ConditionTreeLeaf('price', 'GreaterThan', 1),
      sort: new Sort({ field: 'title', ascending: true }),
      page: new Page(0, 10),
    });
    const projection = new Projection('id', 'title', 'author:name');

    await top.list(makeCaller(), filter, projection);

    expect(child.call('list').args[1]).toBe(filter);
    expect(child.call('list').args[2]).toBe(projection);
  });

  test('hands back the records array the data source returned, not a copy', async () => {
    const { top, returned } = await booksThroughStack();

    const records = await top.list(makeCaller(), new PaginatedFilter({}), new Projection('id', 'title'));

    expect(returned).toHaveLength(1);
    expect(records).toBe(returned[0]);
  });
});
