import { createInMemoryDataSource } from '@platform/datasource-toolkit';
import { ValidationCollectionDecorator } from '../../../../src/customizer/decorators/validation/validation-collection-decorator';
import { CountingDataSource } from '../../../factories/counting-collection';

export { makeCaller } from '@platform/datasource-toolkit/testing';

/** A validation layer over a counted in-memory `books` collection with one record. */
export function createBooks() {
  const dataSource = new CountingDataSource(
    createInMemoryDataSource(
      {
        books: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true },
            title: { type: 'Column', columnType: 'String' },
            contact: { type: 'Column', columnType: 'String' },
            price: { type: 'Column', columnType: 'Number' },
            publishedAt: { type: 'Column', columnType: 'Date' },
            summary: { type: 'Column', columnType: 'String', isReadOnly: true },
            authorId: { type: 'Column', columnType: 'Number' },
            author: { type: 'ManyToOne', foreignCollection: 'authors', foreignKey: 'authorId', foreignKeyTarget: 'id' },
          },
        },
        authors: { fields: { id: { type: 'Column', columnType: 'Number', isPrimaryKey: true } } },
      },
      { books: [{ id: 1, title: 'Dune', price: 10 }] },
    ),
  );
  const child = dataSource.getCollection('books');

  return { child, books: new ValidationCollectionDecorator(child, dataSource) };
}
