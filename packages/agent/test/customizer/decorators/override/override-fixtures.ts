import { createInMemoryDataSource } from '@platform/datasource-toolkit';
import { OverrideCollectionDecorator } from '../../../../src/customizer/decorators/override/override-collection-decorator';
import { CountingDataSource } from '../../../factories/counting-collection';

export { makeCaller } from '@platform/datasource-toolkit/testing';

/** An override layer over a counted in-memory `books` collection. */
export function createBooks() {
  const dataSource = new CountingDataSource(
    createInMemoryDataSource(
      {
        books: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true },
            title: { type: 'Column', columnType: 'String' },
          },
        },
      },
      { books: [{ id: 1, title: 'Dune' }] },
    ),
  );
  const child = dataSource.getCollection('books');

  return { child, books: new OverrideCollectionDecorator(child, dataSource) };
}
