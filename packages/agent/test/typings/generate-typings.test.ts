import { createInMemoryDataSource } from '@platform/datasource-toolkit';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import { generateTypings } from '../../src/typings/generate-typings';

describe('generateTypings', () => {
  test('types the columns of each collection, nullable unless allowNull is false or it is a primary key', () => {
    const typings = generateTypings(makeLibraryDataSource(), 5);

    expect(typings).toContain("      'title': string;\n");
    expect(typings).toContain("      'authorId': number | null;\n");
    expect(typings).toContain("      'status': 'draft' | 'live' | null;\n");
  });

  test('nests to-one relations and leaves to-many relations out', () => {
    const typings = generateTypings(makeLibraryDataSource(), 5);

    expect(typings).toContain("      'author': Schema['authors']['plain'] & Schema['authors']['nested'];\n");
    expect(typings).not.toContain("'books': Schema");
  });

  test('lists relation paths in flat', () => {
    const typings = generateTypings(makeLibraryDataSource(), 5);

    expect(typings).toContain(
      "    flat: {\n      'author:id': number;\n      'author:name': string;\n      'cover:bookId': number | null;\n" +
        "      'cover:id': number;\n      'cover:url': string | null;\n    };",
    );
  });

  test('stops relation paths at the maximum depth', () => {
    const dataSource = createInMemoryDataSource({
      people: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          parentId: { type: 'Column', columnType: 'Number' },
          parent: { type: 'ManyToOne', foreignCollection: 'people', foreignKey: 'parentId', foreignKeyTarget: 'id' },
        },
      },
    });

    const typings = generateTypings(dataSource, 2);

    expect(typings).toContain("'parent:parent:id'");
    expect(typings).not.toContain("'parent:parent:parent:id'");
  });

  test('types nested, list and special column types', () => {
    const dataSource = createInMemoryDataSource({
      places: {
        fields: {
          id: { type: 'Column', columnType: 'Uuid', isPrimaryKey: true, allowNull: false },
          location: { type: 'Column', columnType: 'Point', allowNull: false },
          tags: { type: 'Column', columnType: ['String'], allowNull: false },
          address: { type: 'Column', columnType: { street: 'String', zip: 'Number' }, allowNull: false },
          extra: { type: 'Column', columnType: 'Json', allowNull: false },
        },
      },
    });

    const typings = generateTypings(dataSource, 5);

    expect(typings).toContain("'location': [number, number];");
    expect(typings).toContain("'tags': Array<string>;");
    expect(typings).toContain("'address': { 'street': string; 'zip': number };");
    expect(typings).toContain("'extra': unknown;");
  });

  test('gives the same text for the same data source', () => {
    expect(generateTypings(makeLibraryDataSource(), 5)).toBe(generateTypings(makeLibraryDataSource(), 5));
  });
});

describe('generateTypings relations', () => {
  test('lists every relation, to-many included, with its target', () => {
    const typings = generateTypings(makeLibraryDataSource(), 5);

    expect(typings).toContain("    relations: {\n      'books': 'books';\n    };");
    expect(typings).toContain(
      "    relations: {\n      'author': 'authors';\n      'cover': 'covers';\n      'reviews': 'reviews';\n      'tags': 'tags';\n    };",
    );
  });
});
