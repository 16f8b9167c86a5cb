import {
  type ActionFormField,
  type ActionSchema,
  type Collection,
  createInMemoryDataSource,
  type DataSource,
  type InMemoryDataSourceDefinition,
} from '@platform/datasource-toolkit';

/** A valid environment secret: 64 hexadecimal characters. */
export const ENV_SECRET = 'a'.repeat(64);

/** Two collections, `authors` and `books`, with a ManyToOne `books.author`. */
export function libraryDefinition(overrides: Partial<InMemoryDataSourceDefinition> = {}): InMemoryDataSourceDefinition {
  return {
    books: {
      fields: {
        id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true, isSortable: true },
        title: { type: 'Column', columnType: 'String', allowNull: false, isSortable: true },
        status: { type: 'Column', columnType: 'Enum', enumValues: ['draft', 'live'], defaultValue: 'draft' },
        authorId: { type: 'Column', columnType: 'Number' },
        author: { type: 'ManyToOne', foreignCollection: 'authors', foreignKey: 'authorId', foreignKeyTarget: 'id' },
      },
      segments: ['live', 'drafts'],
    },
    authors: {
      fields: {
        id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isAutoIncrement: true },
        name: { type: 'Column', columnType: 'String' },
        books: { type: 'OneToMany', foreignCollection: 'books', originKey: 'authorId', originKeyTarget: 'id' },
      },
    },
    ...overrides,
  } as InMemoryDataSourceDefinition;
}

export function createLibraryDataSource(overrides: Partial<InMemoryDataSourceDefinition> = {}): DataSource {
  return createInMemoryDataSource(libraryDefinition(overrides), {
    authors: [{ id: 1, name: 'Ursula' }],
    books: [{ id: 1, title: 'The Dispossessed', status: 'live', authorId: 1 }],
  });
}

/**
 * `inner` with some methods of some collections replaced. Each collection is wrapped once, so
 * the customization engine (which decorates collections by identity) sees stable objects.
 */
export function overrideCollections(
  inner: DataSource,
  overrides: { readonly [collectionName: string]: Partial<Collection> },
  close: () => Promise<void> = () => inner.close(),
): DataSource {
  const wrapped = new Map<string, Collection>(
    inner.collections.map((collection) => {
      const methods = overrides[collection.name];
      const proxy = methods
        ? (new Proxy(collection, {
            get: (target, property, receiver) =>
              property in methods ? methods[property as keyof Collection] : Reflect.get(target, property, receiver),
          }) as Collection)
        : collection;
      return [collection.name, proxy];
    }),
  );

  return {
    get collections() {
      return [...wrapped.values()];
    },
    schema: inner.schema,
    nativeQueryConnections: inner.nativeQueryConnections,
    getCollection: (name) => wrapped.get(name) ?? inner.getCollection(name),
    renderChart: (caller, name) => inner.renderChart(caller, name),
    executeNativeQuery: (connection, query) => inner.executeNativeQuery(connection, query),
    close,
  };
}

/**
 * The library data source with `actions` on `books`, whose static forms return `form`: the
 * in-memory data source has no action handlers of its own.
 */
export function createLibraryWithActions(
  actions: Record<string, ActionSchema>,
  form: ActionFormField[] = [{ type: 'String', label: 'Reason', isRequired: true }],
): DataSource {
  const inner = createLibraryDataSource({ books: { ...libraryDefinition().books, actions } } as never);
  return overrideCollections(inner, { books: { getForm: async () => form } });
}
