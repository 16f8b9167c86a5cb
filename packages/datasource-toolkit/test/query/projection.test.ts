import { Projection } from '@platform/datasource-toolkit';
import {
  makeColumn,
  makeFakeDataSource,
  makeManyToOne,
  makeOneToMany,
  makeSchema,
} from '@platform/datasource-toolkit/testing';

function makeLibrary() {
  return makeFakeDataSource({
    books: makeSchema({
      id: makeColumn('Number', { isPrimaryKey: true }),
      title: makeColumn('String'),
      authorId: makeColumn('Number'),
      author: makeManyToOne('authors', 'authorId'),
      reviews: makeOneToMany('reviews', 'bookId'),
    }),
    authors: makeSchema({
      firstName: makeColumn('String', { isPrimaryKey: true }),
      lastName: makeColumn('String', { isPrimaryKey: true }),
      companyId: makeColumn('Number'),
      company: makeManyToOne('companies', 'companyId'),
    }),
    companies: makeSchema({ id: makeColumn('Uuid', { isPrimaryKey: true }), name: makeColumn('String') }),
    reviews: makeSchema({ id: makeColumn('Number', { isPrimaryKey: true }), bookId: makeColumn('Number') }),
  });
}

describe('Projection', () => {
  test('holds the given paths without duplicates', () => {
    expect([...new Projection('title', 'author:name', 'title')]).toEqual(['title', 'author:name']);
  });

  test('is frozen', () => {
    const projection = new Projection('title');

    expect(() => projection.push('other')).toThrow(TypeError);
  });

  test('map and filter return plain arrays', () => {
    const mapped = new Projection('a', 'b').map((path) => path.length);

    expect(mapped).not.toBeInstanceOf(Projection);
    expect(mapped).toEqual([1, 1]);
  });

  test('columns lists the paths without relation', () => {
    expect(new Projection('title', 'author:name', 'id').columns).toEqual(['title', 'id']);
  });

  test('relations groups nested paths by relation', () => {
    const { relations } = new Projection('title', 'author:name', 'author:company:name');

    expect(Object.keys(relations)).toEqual(['author']);
    expect([...(relations.author ?? [])]).toEqual(['name', 'company:name']);
    expect(relations.author).toBeInstanceOf(Projection);
  });

  test('union merges projections and arrays without duplicates', () => {
    const union = new Projection('a', 'b').union(new Projection('b', 'c'), ['c', 'd']);

    expect([...union]).toEqual(['a', 'b', 'c', 'd']);
  });

  test('withPks adds the primary keys of the collection and of to-one relations, recursively', () => {
    const books = makeLibrary().getCollection('books');

    const projection = new Projection('title', 'author:company:name').withPks(books);

    expect(
      projection.equals([
        'title',
        'id',
        'author:company:name',
        'author:firstName',
        'author:lastName',
        'author:company:id',
      ]),
    ).toBe(true);
  });

  test('withPks ignores to-many relations', () => {
    const books = makeLibrary().getCollection('books');

    expect([...new Projection('reviews:id').withPks(books)]).toEqual(['reviews:id', 'id']);
  });

  test('nest prefixes every path and returns the same projection for an empty prefix', () => {
    const projection = new Projection('name', 'company:name');

    expect([...projection.nest('author')]).toEqual(['author:name', 'author:company:name']);
    expect(projection.nest('')).toBe(projection);
  });

  test('unnest removes the shared relation', () => {
    expect([...new Projection('author:name', 'author:company:id').unnest()]).toEqual(['name', 'company:id']);
  });

  test('unnest throws when paths do not share one relation', () => {
    expect(() => new Projection('author:name', 'title').unnest()).toThrow('do not share one relation');
  });

  test('unnest throws on a bare column', () => {
    expect(() => new Projection('author').unnest()).toThrow('do not share one relation');
  });

  test('replace accepts a path, a list or a projection per path', () => {
    const replaced = new Projection('fullName', 'title', 'drop').replace((path) => {
      if (path === 'fullName') return new Projection('firstName', 'lastName');
      if (path === 'drop') return [];

      return path;
    });

    expect([...replaced]).toEqual(['firstName', 'lastName', 'title']);
  });

  test('apply keeps only projected fields and reprojects relations', () => {
    const records = [{ id: 1, title: 'Dune', secret: 'x', author: { name: 'Herbert', age: 65 } }];

    const result = new Projection('title', 'author:name').apply(records);

    expect(result).toEqual([{ title: 'Dune', author: { name: 'Herbert' } }]);
  });

  test('apply keeps null relations null and does not add missing fields', () => {
    const result = new Projection('title', 'author:name', 'editor:name').apply([{ title: 'Dune', author: null }]);

    expect(result).toEqual([{ title: 'Dune', author: null }]);
    expect(Object.keys(result[0] ?? {})).toEqual(['title', 'author']);
  });

  test('apply returns copies', () => {
    const author = { name: 'Herbert' };
    const [result] = new Projection('author:name').apply([{ author }]);

    expect(result?.author).not.toBe(author);
  });

  test('equals ignores order but not content', () => {
    const projection = new Projection('a', 'b');

    expect(projection.equals(new Projection('b', 'a'))).toBe(true);
    expect(projection.equals(['a'])).toBe(false);
    expect(projection.equals(['a', 'c'])).toBe(false);
  });
});
