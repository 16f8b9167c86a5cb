import {
  Aggregation,
  type Caller,
  type CollectionSchema,
  ConditionTreeLeaf,
  type Filter,
  PaginatedFilter,
  Projection,
  type RecordData,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { CollectionDecorator, overrideFilter } from '../../../src/customizer/decorators/collection-decorator';
import { DataSourceDecorator } from '../../../src/customizer/decorators/data-source-decorator';
import { makeCountingLibrary } from '../../factories/make-counting-library';

class CountingSchemaDecorator extends CollectionDecorator {
  refinements = 0;

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    this.refinements += 1;
    return { ...childSchema, countable: false };
  }
}

class OnlyCheapBooksDecorator extends CollectionDecorator {
  protected override async refineFilter<F extends Filter>(_caller: Caller, filter: F): Promise<F> {
    return overrideFilter(filter, { conditionTree: new ConditionTreeLeaf('price', 'LessThan', 10) });
  }
}

/** A layer that counts the lists it sees, customized once `customize()` is called. */
class SwitchableDecorator extends CollectionDecorator {
  lists = 0;
  private customized = false;

  override get isCustomized(): boolean {
    return this.customized;
  }

  customize(): void {
    this.customized = true;
    this.markSchemaAsDirty();
  }

  override async list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]> {
    this.lists += 1;
    return super.list(caller, filter, projection);
  }
}

/** The library under a switchable layer, under a plain layer that requests enter through. */
function switchableStack() {
  const switchable = new DataSourceDecorator(makeCountingLibrary(), SwitchableDecorator);
  const entry = new DataSourceDecorator(switchable, CollectionDecorator);

  return { switchable, books: entry.getCollection('books') };
}

describe('CollectionDecorator', () => {
  test('delegates every data method to its child unchanged', async () => {
    const library = makeCountingLibrary();
    const books = new DataSourceDecorator(library, CollectionDecorator).getCollection('books');
    const caller = makeCaller();

    const records = await books.list(caller, new PaginatedFilter(), new Projection('id', 'author:name'));
    await books.aggregate(caller, new PaginatedFilter(), new Aggregation({ operation: 'Count' }));
    await books.create(caller, [{ title: 'New', price: 1 }]);
    await books.update(caller, new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 1) }), {
      price: 3,
    });
    await books.delete(caller, new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 2) }));

    expect(records[0]).toEqual({ id: 1, author: { name: 'Frank Herbert' } });
    expect(library.getCollection('books').calls.map((call) => call.method)).toEqual([
      'list',
      'aggregate',
      'create',
      'update',
      'delete',
    ]);
  });

  test('refines the schema once and caches it', () => {
    const layer = new DataSourceDecorator(makeCountingLibrary(), CountingSchemaDecorator);
    const books = layer.getCollection('books');

    const schemas = [books.schema, books.schema, books.schema];

    expect(schemas[0]?.countable).toBe(false);
    expect(books.refinements).toBe(1);
  });

  test('markSchemaAsDirty clears the cache of the layer and of every layer above it', () => {
    const lower = new DataSourceDecorator(makeCountingLibrary(), CountingSchemaDecorator);
    const upper = new DataSourceDecorator(lower, CountingSchemaDecorator);
    const upperBooks = upper.getCollection('books');
    void upperBooks.schema;

    lower.getCollection('books').markSchemaAsDirty();
    void upperBooks.schema;

    expect(upperBooks.refinements).toBe(2);
    expect(lower.getCollection('books').refinements).toBe(2);
  });

  test('applies refineFilter to list, aggregate, update and delete', async () => {
    const library = makeCountingLibrary();
    const books = new DataSourceDecorator(library, OnlyCheapBooksDecorator).getCollection('books');

    const records = await books.list(makeCaller(), new PaginatedFilter(), new Projection('id'));
    const [count] = await books.aggregate(makeCaller(), new PaginatedFilter(), new Aggregation({ operation: 'Count' }));

    expect(records).toEqual([{ id: 2 }]);
    expect(count?.value).toBe(1);
  });
});

describe('CollectionDecorator skipping the layers where nothing is customized', () => {
  test('sends requests past a layer where no collection is customized', async () => {
    const { switchable, books } = switchableStack();

    const records = await books.list(makeCaller(), new PaginatedFilter(), new Projection('id'));

    expect(records.length).toBeGreaterThan(0);
    expect(switchable.getCollection('books').lists).toBe(0);
  });

  test('sends requests through the layer once one of its collections is customized', async () => {
    const { switchable, books } = switchableStack();
    await books.list(makeCaller(), new PaginatedFilter(), new Projection('id'));

    switchable.getCollection('books').customize();
    await books.list(makeCaller(), new PaginatedFilter(), new Projection('id'));

    expect(switchable.getCollection('books').lists).toBe(1);
  });

  test('sends requests through the whole layer when another of its collections is customized', async () => {
    const { switchable, books } = switchableStack();
    await books.list(makeCaller(), new PaginatedFilter(), new Projection('id'));

    // Paths through relations (`author:fullName`) make the authors' customizations apply to books.
    switchable.getCollection('authors').customize();
    await books.list(makeCaller(), new PaginatedFilter(), new Projection('id'));

    expect(switchable.getCollection('books').lists).toBe(1);
  });
});

describe('DataSourceDecorator', () => {
  test('wraps each collection lazily, once', () => {
    const layer = new DataSourceDecorator(makeCountingLibrary(), CountingSchemaDecorator);

    const first = layer.getCollection('books');

    expect(layer.getCollection('books')).toBe(first);
    expect(layer.collections.find((collection) => collection.name === 'books')).toBe(first);
    expect(first.dataSource).toBe(layer);
  });

  test('lists the collections of its child, in order', () => {
    const layer = new DataSourceDecorator(makeCountingLibrary(), CollectionDecorator);

    expect(layer.collections.map((collection) => collection.name)).toEqual([
      'authors',
      'books',
      'covers',
      'reviews',
      'tags',
      'bookTags',
      'events',
    ]);
  });

  test('refuses an unknown collection with a NotFoundError naming those that exist', () => {
    const layer = new DataSourceDecorator(makeCountingLibrary(), CollectionDecorator);

    expect(() => layer.getCollection('movies')).toThrow(
      expect.objectContaining({
        name: 'NotFoundError',
        message:
          "Collection 'movies' does not exist. Collections: authors, books, covers, reviews, tags, bookTags, events.",
      }),
    );
  });
});
