import { createInMemoryDataSource } from '@platform/datasource-toolkit';
import { HookCollectionDecorator } from '../../../../src/customizer/decorators/hook/hook-collection-decorator';
import { CountingDataSource } from '../../../factories/counting-collection';

export { makeCaller } from '@platform/datasource-toolkit/testing';

/** A hooks layer over a counted in-memory `books` collection. */
export function createBooks() {
  const dataSource = new CountingDataSource(
    createInMemoryDataSource(
      {
        books: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true },
            title: { type: 'Column', columnType: 'String' },
            price: { type: 'Column', columnType: 'Number' },
          },
        },
      },
      {
        books: [
          { id: 1, title: 'Dune', price: 10 },
          { id: 2, title: 'Emma', price: 20 },
        ],
      },
    ),
  );
  const child = dataSource.getCollection('books');

  return { child, books: new HookCollectionDecorator(child, dataSource) };
}
