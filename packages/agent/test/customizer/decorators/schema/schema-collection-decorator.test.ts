import { createInMemoryDataSource } from '@platform/datasource-toolkit';
import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';
import { SchemaCollectionDecorator } from '../../../../src/customizer/decorators/schema/schema-collection-decorator';

function setup() {
  const child = createInMemoryDataSource({
    books: {
      fields: {
        id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
        title: {
          type: 'Column',
          columnType: 'String',
          allowNull: false,
          validation: [{ operator: 'Present' }, { operator: 'LongerThan', value: 2 }],
        },
      },
    },
  });

  return new DataSourceDecorator(child, SchemaCollectionDecorator).getCollection('books');
}

describe('SchemaCollectionDecorator', () => {
  test('setFieldNullable accepts null and drops the Present rule', () => {
    const books = setup();

    books.setFieldNullable('title');

    expect(books.schema.fields.title).toMatchObject({
      allowNull: true,
      validation: [{ operator: 'LongerThan', value: 2 }],
    });
  });

  test('disableCount makes the collection not countable', () => {
    const books = setup();

    books.disableCount();

    expect(books.schema.countable).toBe(false);
  });

  test('setFieldNullable refuses an unknown field, naming the fields that exist', () => {
    const books = setup();

    expect(() => books.setFieldNullable('isbn')).toThrow(
      expect.objectContaining({
        name: 'MissingFieldError',
        message: "Unknown field 'isbn' in 'books'. Fields: id, title.",
      }),
    );
  });
});
