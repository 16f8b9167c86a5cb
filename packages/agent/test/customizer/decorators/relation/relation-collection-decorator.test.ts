import {
  Aggregation,
  ConditionTreeLeaf,
  Filter,
  Page,
  PaginatedFilter,
  Projection,
  Sort,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';
import { RelationCollectionDecorator } from '../../../../src/customizer/decorators/relation/relation-collection-decorator';
import { makeCountingLibrary } from '../../../factories/make-counting-library';

// The toolkit's reviews and covers point at books by `bookId` without declaring a relation: this
// layer adds it. Books already declare `reviews` natively, so the added one-to-many is `ratings`.
function setup() {
  const library = makeCountingLibrary();
  const layer = new DataSourceDecorator(library, RelationCollectionDecorator);
  const reviews = layer.getCollection('reviews');
  const books = layer.getCollection('books');
  reviews.addRelation('book', { type: 'ManyToOne', foreignCollection: 'books', foreignKey: 'bookId' });
  books.addRelation('firstReview', { type: 'OneToOne', foreignCollection: 'reviews', originKey: 'bookId' });
  books.addRelation('ratings', { type: 'OneToMany', foreignCollection: 'reviews', originKey: 'bookId' });
  library.reset();

  return { layer, reviews, books, library };
}

describe('RelationCollectionDecorator', () => {
  describe('schema', () => {
    test('adds each relation with its key targets defaulting to primary keys', () => {
      const { reviews, books } = setup();

      expect(reviews.schema.fields.book).toEqual({
        type: 'ManyToOne',
        foreignCollection: 'books',
        foreignKey: 'bookId',
        foreignKeyTarget: 'id',
      });
      expect(books.schema.fields.ratings).toEqual({
        type: 'OneToMany',
        foreignCollection: 'reviews',
        originKey: 'bookId',
        originKeyTarget: 'id',
      });
    });

    test('adds a many-to-many relation through a collection', () => {
      const { layer } = setup();
      const authors = layer.getCollection('authors');

      authors.addRelation('reviewedBooks', {
        type: 'ManyToMany',
        foreignCollection: 'reviews',
        throughCollection: 'books',
        originKey: 'authorId',
        foreignKey: 'id',
        foreignKeyTarget: 'bookId',
      });

      expect(authors.schema.fields.reviewedBooks).toEqual({
        type: 'ManyToMany',
        foreignCollection: 'reviews',
        throughCollection: 'books',
        originKey: 'authorId',
        originKeyTarget: 'id',
        foreignKey: 'id',
        foreignKeyTarget: 'bookId',
      });
    });
  });

  describe('list', () => {
    test('loads a many-to-one relation with one query for the page, keys deduplicated', async () => {
      const { reviews, library } = setup();

      const records = await reviews.list(makeCaller(), new PaginatedFilter(), new Projection('id', 'book:title'));

      expect(records).toEqual([
        { id: 1, book: { title: 'Dune' } },
        { id: 2, book: { title: 'Dune' } },
        { id: 3, book: { title: 'The Dispossessed' } },
      ]);
      const bookCalls = library.getCollection('books').calls;
      expect(bookCalls).toHaveLength(1);
      expect((bookCalls[0]!.args[1] as PaginatedFilter).conditionTree?.toPlainObject()).toEqual({
        field: 'id',
        operator: 'In',
        value: [1, 2],
      });
    });

    test('loads a one-to-one relation, null when no record points back', async () => {
      const { books, library } = setup();

      const records = await books.list(makeCaller(), new PaginatedFilter(), new Projection('id', 'firstReview:rating'));

      expect(records).toEqual([
        { id: 1, firstReview: { rating: 5 } },
        { id: 2, firstReview: { rating: 3 } },
        { id: 3, firstReview: null },
      ]);
      expect(library.getCollection('reviews').calls).toHaveLength(1);
    });

    test('follows native relations of related records', async () => {
      const { reviews } = setup();

      const records = await reviews.list(makeCaller(), new PaginatedFilter(), new Projection('id', 'book:author:name'));

      expect(records[2]).toEqual({ id: 3, book: { author: { name: 'Ursula Le Guin' } } });
    });

    test('follows emulated relations behind native ones', async () => {
      const { layer, library } = setup();
      layer
        .getCollection('authors')
        .addRelation('anyBook', { type: 'OneToOne', foreignCollection: 'books', originKey: 'authorId' });
      const books = layer.getCollection('books');
      library.reset();

      const records = await books.list(
        makeCaller(),
        new PaginatedFilter(),
        new Projection('id', 'author:anyBook:title'),
      );

      // Frank Herbert wrote books 1 and 3: a one-to-one keeps the first, as `firstReview` does.
      expect(records).toEqual([
        { id: 1, author: { anyBook: { title: 'Dune' } } },
        { id: 2, author: { anyBook: { title: 'The Dispossessed' } } },
        { id: 3, author: { anyBook: { title: 'Dune' } } },
      ]);
      expect(library.getCollection('books').calls).toHaveLength(2);
    });

    test('does not query related collections when no relation is read', async () => {
      const { reviews, library } = setup();

      await reviews.list(makeCaller(), new PaginatedFilter(), new Projection('id', 'bookId'));

      expect(library.getCollection('books').calls).toHaveLength(0);
    });
  });

  describe('filter', () => {
    test('rewrites a condition on a related field into the keys of the matching records', async () => {
      const { reviews, library } = setup();

      const records = await reviews.list(
        makeCaller(),
        new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('book:title', 'Equal', 'The Dispossessed') }),
        new Projection('id'),
      );

      expect(records).toEqual([{ id: 3 }]);
      const sent = library.getCollection('reviews').calls[0]!.args[1] as PaginatedFilter;
      expect(sent.conditionTree?.toPlainObject()).toEqual({ field: 'bookId', operator: 'In', value: [2] });
    });

    test('keeps records without a related record for conditions true on nothing (Missing, NotEqual...)', async () => {
      const { reviews, library } = setup();
      await library.getCollection('reviews').create(makeCaller(), [{ id: 4, bookId: null, rating: 1 }]);

      const records = await reviews.list(
        makeCaller(),
        new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('book:title', 'NotEqual', 'The Dispossessed') }),
        new Projection('id'),
      );

      expect(records).toEqual([{ id: 1 }, { id: 2 }, { id: 4 }]);
    });

    test('filters updates and deletes through the relation too', async () => {
      const { reviews, library } = setup();
      const filter = new Filter({ conditionTree: new ConditionTreeLeaf('book:title', 'Equal', 'Dune') });

      await reviews.delete(makeCaller(), filter);

      const remaining = await library
        .getCollection('reviews')
        .list(makeCaller(), new PaginatedFilter(), new Projection('id'));
      expect(remaining).toEqual([{ id: 3 }]);
    });
  });

  describe('sort', () => {
    test('sorts by a related field in memory, then loads the page by ids', async () => {
      const { reviews } = setup();

      const records = await reviews.list(
        makeCaller(),
        new PaginatedFilter({
          sort: new Sort({ field: 'book:title', ascending: true }, { field: 'id', ascending: false }),
          page: new Page(0, 2),
        }),
        new Projection('id', 'book:title'),
      );

      expect(records).toEqual([
        { id: 2, book: { title: 'Dune' } },
        { id: 1, book: { title: 'Dune' } },
      ]);
    });
  });

  describe('aggregate', () => {
    test('groups by a related field in memory', async () => {
      const { reviews } = setup();

      const rows = await reviews.aggregate(
        makeCaller(),
        new Filter(),
        new Aggregation({ operation: 'Count', groups: [{ field: 'book:title' }] }),
      );

      expect(rows).toEqual([
        { value: 2, group: { 'book:title': 'Dune' } },
        { value: 1, group: { 'book:title': 'The Dispossessed' } },
      ]);
    });

    test('delegates aggregations that use no emulated relation', async () => {
      const { reviews, library } = setup();

      await reviews.aggregate(makeCaller(), new Filter(), new Aggregation({ operation: 'Count' }));

      expect(library.getCollection('reviews').callsOf('aggregate')).toHaveLength(1);
    });
  });

  describe('bad input', () => {
    test('refuses an unknown foreign collection, naming those that exist', () => {
      const { reviews } = setup();

      expect(() =>
        reviews.addRelation('x', { type: 'ManyToOne', foreignCollection: 'movies', foreignKey: 'bookId' }),
      ).toThrow(
        expect.objectContaining({
          name: 'NotFoundError',
          message: expect.stringContaining('Collections: authors, books, covers, reviews, tags, bookTags, events.'),
        }),
      );
    });

    test('refuses an unknown key, naming the fields that exist', () => {
      const { reviews } = setup();

      expect(() =>
        reviews.addRelation('x', { type: 'ManyToOne', foreignCollection: 'books', foreignKey: 'movieId' }),
      ).toThrow(
        expect.objectContaining({
          name: 'MissingFieldError',
          message: expect.stringContaining("Unknown field 'movieId' in 'reviews'"),
        }),
      );
      expect(() =>
        reviews.addRelation('y', { type: 'OneToMany', foreignCollection: 'books', originKey: 'reviewId' }),
      ).toThrow(expect.objectContaining({ name: 'MissingFieldError', message: expect.stringContaining("in 'books'") }));
    });

    test('refuses keys of incompatible types', () => {
      const { layer } = setup();

      expect(() =>
        layer.getCollection('covers').addRelation('x', {
          type: 'ManyToOne',
          foreignCollection: 'books',
          foreignKey: 'url',
          foreignKeyTarget: 'id',
        }),
      ).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: expect.stringContaining("'covers.url' (String) cannot point at 'books.id' (Number)"),
        }),
      );
    });

    test('refuses a key that is a relation', () => {
      const { reviews } = setup();

      expect(() =>
        reviews.addRelation('x', { type: 'ManyToOne', foreignCollection: 'books', foreignKey: 'book' }),
      ).toThrow(expect.objectContaining({ name: 'ValidationError' }));
    });

    test('refuses a name that is taken', () => {
      const { reviews } = setup();

      expect(() =>
        reviews.addRelation('rating', { type: 'ManyToOne', foreignCollection: 'books', foreignKey: 'bookId' }),
      ).toThrow(
        expect.objectContaining({ name: 'ValidationError', message: expect.stringContaining('already exists') }),
      );
    });
  });
});
