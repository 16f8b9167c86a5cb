import { Page, PaginatedFilter, Projection, type RecordData } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import { DataSourceCustomizer } from '../../src';
import type { CountingDataSource } from '../factories/counting-collection';
import { makeCountingLibrary } from '../factories/make-counting-library';

function bigLibrary(): CountingDataSource {
  const authors = Array.from({ length: 10 }, (_, index) => ({
    id: index + 1,
    name: `Author ${index}`,
  }));
  const books = Array.from({ length: 100 }, (_, index) => ({
    id: index + 1,
    title: `Book ${index}`,
    price: index,
    authorId: (index % 10) + 1,
  }));
  const reviews = Array.from({ length: 100 }, (_, index) => ({
    id: index + 1,
    bookId: index + 1,
    rating: 3,
  }));

  return makeCountingLibrary({ authors, books, reviews });
}

describe('customization stack, a page at a time', () => {
  test('lists 100 records with two computed fields (one over a relation) and an emulated relation in 1 + 1 queries', async () => {
    const library = bigLibrary();
    const getValues = jest.fn((records: RecordData[]) =>
      records.map((record) => `${(record.author as RecordData).name} #${(record.author as RecordData).id}`),
    );
    const customizer = new DataSourceCustomizer()
      .addDataSource(async () => library)
      .customizeCollection('books', (books) =>
        books
          .addField('priceWithTax', {
            columnType: 'Number',
            dependencies: ['price'],
            getValues: (records) => records.map((record) => (record.price as number) * 1.2),
          })
          .addField('authorName', {
            columnType: 'String',
            dependencies: ['author:id', 'author:name'],
            getValues,
          })
          .addOneToOneRelation('review', 'reviews', { originKey: 'bookId' }),
      );
    const books = (await customizer.getDataSource(silentLogger)).getCollection('books');
    library.reset();

    const records = await books.list(
      makeCaller(),
      new PaginatedFilter({ page: new Page(0, 100) }),
      new Projection('id', 'priceWithTax', 'authorName', 'review:rating'),
    );

    expect(records).toHaveLength(100);
    expect(records[11]).toEqual({ id: 12, priceWithTax: 11 * 1.2, authorName: 'Author 1 #2', review: { rating: 3 } });
    expect(library.getCollection('books').calls).toHaveLength(1);
    expect(library.getCollection('reviews').calls).toHaveLength(1);
    expect(library.getCollection('authors').calls).toHaveLength(0);
    // Ten distinct authors: getValues receives each once, in one call for the page.
    expect(getValues).toHaveBeenCalledTimes(1);
    expect(getValues.mock.calls[0]?.[0]).toHaveLength(10);
  });
});
