import type { Caller, Collection, ColumnSchema, DataSource, RelationSchema } from '@platform/datasource-toolkit';
import packageJson from '../../package.json';
import { formatActionPath, resolveActionRoutes } from './action-route';
import type {
  PlatformActionSchema,
  PlatformCollectionSchema,
  PlatformFieldSchema,
  PlatformSchema,
} from './platform-schema';
import { hashSchema } from './serialize-schema';

export interface BuildSchemaOptions {
  readonly useUnsafeActionEndpoint: boolean;
  /** Collections served by the agent but hidden from the platform (`removeCollection`). */
  readonly isPublished?: (collectionName: string) => boolean;
}

/** Who reads static action forms while the schema is built: no user is involved. */
const SCHEMA_CALLER: Caller = {
  id: 0,
  email: 'schema@agent.local',
  firstName: 'Schema',
  lastName: 'Builder',
  team: '',
  role: '',
  tags: {},
  timezone: 'UTC',
};

/**
 * Describes the data source as the platform sees it: collections, fields, actions with their
 * routes, segments and charts, every list sorted by name so the file diffs well.
 * @throws ActionRouteClashError when two actions resolve to the same unsafe route.
 */
export async function buildSchema(dataSource: DataSource, options: BuildSchemaOptions): Promise<PlatformSchema> {
  const routes = resolveActionRoutes(dataSource, options.useUnsafeActionEndpoint);
  const isPublished = options.isPublished ?? (() => true);
  const collections = await Promise.all(
    dataSource.collections
      .filter((collection) => isPublished(collection.name))
      .map(async (collection) => {
        const actionRoutes = routes.get(collection.name) ?? new Map();
        return describeCollection(collection, (action) => {
          const route = actionRoutes.get(action);
          if (route === undefined) throw new Error(`No route for action '${action}' of '${collection.name}'.`);
          return formatActionPath(collection.name, route, options.useUnsafeActionEndpoint);
        });
      }),
  );
  const data = { collections: sortByName(collections), charts: [...dataSource.schema.charts].sort() };

  return {
    ...data,
    meta: {
      agent: packageJson.name,
      agentVersion: packageJson.version,
      engine: 'nodejs',
      engineVersion: process.versions.node,
      schemaHash: hashSchema(data),
    },
  };
}

async function describeCollection(
  collection: Collection,
  routeOf: (action: string) => string,
): Promise<PlatformCollectionSchema> {
  const { schema } = collection;
  const fields = Object.entries(schema.fields).map(([name, field]) =>
    field.type === 'Column' ? describeColumn(name, field) : describeRelation(name, field),
  );
  const actions = await Promise.all(
    Object.entries(schema.actions).map(
      async ([name, action]): Promise<PlatformActionSchema> => ({
        name,
        route: routeOf(name),
        scope: action.scope,
        generateFile: action.generateFile ?? false,
        description: action.description ?? null,
        submitButtonLabel: action.submitButtonLabel ?? null,
        staticForm: action.staticForm ?? false,
        fields: action.staticForm
          ? (await collection.getForm(SCHEMA_CALLER, name)).map((field) => toJson(field) as Record<string, unknown>)
          : null,
      }),
    ),
  );

  return {
    name: collection.name,
    countable: schema.countable,
    searchable: schema.searchable,
    fields: sortByName(fields),
    actions: sortByName(actions),
    segments: [...schema.segments].sort(),
    charts: [...schema.charts].sort(),
  };
}

function describeColumn(name: string, column: ColumnSchema): PlatformFieldSchema {
  return {
    name,
    type: 'Column',
    columnType: column.columnType,
    filterOperators: [...column.filterOperators].sort(),
    isPrimaryKey: column.isPrimaryKey ?? false,
    isReadOnly: column.isReadOnly ?? false,
    isSortable: column.isSortable ?? false,
    allowNull: column.allowNull ?? true,
    defaultValue: toJson(column.defaultValue),
    hasDatabaseDefault: column.hasDatabaseDefault ?? false,
    enumValues: column.enumValues === undefined ? null : [...column.enumValues],
    validation: (column.validation ?? []).map((rule) => ({ operator: rule.operator, value: toJson(rule.value) })),
  };
}

function describeRelation(name: string, relation: RelationSchema): PlatformFieldSchema {
  const keys = {
    throughCollection: null,
    foreignKey: null,
    foreignKeyTarget: null,
    originKey: null,
    originKeyTarget: null,
  };
  switch (relation.type) {
    case 'ManyToOne':
      return {
        ...keys,
        name,
        type: relation.type,
        foreignCollection: relation.foreignCollection,
        foreignKey: relation.foreignKey,
        foreignKeyTarget: relation.foreignKeyTarget,
      };
    case 'OneToMany':
    case 'OneToOne':
      return {
        ...keys,
        name,
        type: relation.type,
        foreignCollection: relation.foreignCollection,
        originKey: relation.originKey,
        originKeyTarget: relation.originKeyTarget,
      };
    case 'ManyToMany':
      return {
        name,
        type: relation.type,
        foreignCollection: relation.foreignCollection,
        throughCollection: relation.throughCollection,
        foreignKey: relation.foreignKey,
        foreignKeyTarget: relation.foreignKeyTarget,
        originKey: relation.originKey,
        originKeyTarget: relation.originKeyTarget,
      };
    default: {
      const unknown: never = relation;
      throw new Error(`Unknown relation type in ${JSON.stringify(unknown)}`);
    }
  }
}

function sortByName<T extends { readonly name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Values as they will read back from the file: dates become ISO strings, undefined becomes null. */
function toJson(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}
