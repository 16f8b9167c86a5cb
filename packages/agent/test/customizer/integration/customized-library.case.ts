import {
  Aggregation,
  ConditionTreeLeaf,
  type DataSource,
  type DataSourceFactory,
  Filter,
  Page,
  PaginatedFilter,
  Projection,
  type RecordData,
  Sort,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import { DataSourceCustomizer } from '../../../src';
import { CountingDataSource } from '../../factories/counting-collection';

/** The tables every database of the suite creates (portable SQL). */
export const LIBRARY_DDL = [
  'CREATE TABLE authors (id INTEGER PRIMARY KEY, first_name VARCHAR(100) NOT NULL, last_name VARCHAR(100) NOT NULL)',
  'CREATE TABLE books (id INTEGER PRIMARY KEY, title VARCHAR(200) NOT NULL, price INTEGER, author_id INTEGER REFERENCES authors(id))',
  // No foreign key: the relation is added by the customizer.
  'CREATE TABLE reviews (id INTEGER PRIMARY KEY, book_id INTEGER, rating INTEGER)',
];

export const LIBRARY_ROWS = [
  ...Array.from({ length: 10 }, (_, i) => `INSERT INTO authors VALUES (${i + 1}, 'First${i}', 'Last${i}')`),
  ...Array.from(
    { length: 100 },
    (_, i) => `INSERT INTO books VALUES (${i + 1}, 'Book ${String(i).padStart(3, '0')}', ${i}, ${(i % 10) + 1})`,
  ),
  ...Array.from({ length: 100 }, (_, i) => `INSERT INTO reviews VALUES (${i + 1}, ${i + 1}, ${(i % 5) + 1})`),
];

/**
 * A realistic customized schema over a SQL data source: computed fields (one over a relation),
 * an emulated relation, an imported field, emulated filtering, a renamed and a removed field.
 */
export function runCustomizedLibrarySuite(makeFactory: () => DataSourceFactory): void {
  let counting: CountingDataSource;
  let dataSource: DataSource;

  beforeAll(async () => {
    const factory = makeFactory();
    const customizer = new DataSourceCustomizer()
      .addDataSource(async (logger) => {
        counting = new CountingDataSource(await factory(logger));
        return counting;
      })
      .customizeCollection('authors', (authors) =>
        authors.addField('fullName', {
          columnType: 'String',
          dependencies: ['first_name', 'last_name'],
          getValues: (records) => records.map((record) => `${record.first_name} ${record.last_name}`),
        }),
      )
      .customizeCollection('books', (books) =>
        books
          .addField('priceWithTax', {
            columnType: 'Number',
            dependencies: ['price'],
            getValues: (records) => records.map((record) => (record.price as number) * 2),
          })
          .addField('authorName', {
            columnType: 'String',
            dependencies: ['author:fullName'],
            getValues: (records) => records.map((record) => (record.author as RecordData | null)?.fullName ?? null),
          })
          .emulateFieldFiltering('priceWithTax')
          .addOneToOneRelation('review', 'reviews', { originKey: 'book_id' })
          .importField('authorLastName', { path: 'author:last_name', readonly: true })
          .renameField('title', 'name')
          .removeField('author_id'),
      )
      .customizeCollection('reviews', (reviews) =>
        reviews.addManyToOneRelation('book', 'books', { foreignKey: 'book_id' }),
      );
    dataSource = await customizer.getDataSource(silentLogger);
  });

  afterAll(async () => {
    await dataSource?.close();
  });

  beforeEach(() => counting.reset());

  test('lists a page with computed fields and an emulated relation in one query per collection', async () => {
    const records = await dataSource
      .getCollection('books')
      .list(
        makeCaller(),
        new PaginatedFilter({ sort: new Sort({ field: 'id', ascending: true }), page: new Page(0, 100) }),
        new Projection('id', 'name', 'priceWithTax', 'authorName', 'review:rating'),
      );

    expect(records).toHaveLength(100);
    expect(records[11]).toEqual({
      id: 12,
      name: 'Book 011',
      priceWithTax: 22,
      authorName: 'First1 Last1',
      review: { rating: 2 },
    });
    // 1 + (number of emulated relations): books once, reviews once, whatever the page size.
    expect(counting.getCollection('books').calls).toHaveLength(1);
    expect(counting.getCollection('reviews').calls).toHaveLength(1);
    expect(counting.getCollection('authors').calls).toHaveLength(0);
  });

  test('filters through an emulated relation and an imported field', async () => {
    const records = await dataSource.getCollection('reviews').list(
      makeCaller(),
      new PaginatedFilter({
        conditionTree: new ConditionTreeLeaf('book:authorLastName', 'Equal', 'Last3'),
        sort: new Sort({ field: 'id', ascending: true }),
        page: new Page(0, 3),
      }),
      new Projection('id', 'book:name'),
    );

    expect(records).toEqual([
      { id: 4, book: { name: 'Book 003' } },
      { id: 14, book: { name: 'Book 013' } },
      { id: 24, book: { name: 'Book 023' } },
    ]);
  });

  test('filters on an emulated computed field', async () => {
    const records = await dataSource
      .getCollection('books')
      .list(
        makeCaller(),
        new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('priceWithTax', 'GreaterThan', 190) }),
        new Projection('id'),
      );

    expect(records.map((record) => record.id as number).sort((a, b) => a - b)).toEqual([97, 98, 99, 100]);
  });

  test('sorts by a field of an emulated relation', async () => {
    const records = await dataSource
      .getCollection('reviews')
      .list(
        makeCaller(),
        new PaginatedFilter({ sort: new Sort({ field: 'book:name', ascending: false }), page: new Page(0, 2) }),
        new Projection('id'),
      );

    expect(records).toEqual([{ id: 100 }, { id: 99 }]);
  });

  test('aggregates a computed field in memory and a native one in the database', async () => {
    const books = dataSource.getCollection('books');

    const [computed] = await books.aggregate(
      makeCaller(),
      new Filter(),
      new Aggregation({ operation: 'Sum', field: 'priceWithTax' }),
    );
    const [native] = await books.aggregate(
      makeCaller(),
      new Filter(),
      new Aggregation({ operation: 'Sum', field: 'price' }),
    );

    expect(computed?.value).toBe(9900);
    expect(Number(native?.value)).toBe(4950);
  });

  test('publishes renamed and removed fields as users see them', () => {
    const fields = Object.keys(dataSource.getCollection('books').schema.fields);

    expect(fields).toEqual(expect.arrayContaining(['name', 'priceWithTax', 'authorName', 'review', 'authorLastName']));
    expect(fields).not.toContain('title');
    expect(fields).not.toContain('author_id');
  });
}
