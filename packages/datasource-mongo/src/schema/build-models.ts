import {
  type CollectionSchema,
  type ColumnSchema,
  type ColumnType,
  ConditionTreeEquivalent,
  type FieldSchema,
  type RelationSchema,
} from '@platform/datasource-toolkit';
import type { MongoFieldType, MongoIntrospection, MongoRelation } from '../introspection/mongo-introspection';
import type { CollectionModel, ColumnModel } from './collection-model';
import { nativeOperatorsFor } from './native-operators';

/**
 * The collections of an introspection, with their schemas. `idField` is the name `_id` takes in
 * every schema; relation keys are renamed alike.
 * @internal
 */
export function buildModels(introspection: MongoIntrospection, idField: string): CollectionModel[] {
  const rename = (path: string) => (path === '_id' ? idField : path);

  return introspection.collections.map((collection) => {
    const columns = new Map<string, ColumnModel>();
    const fields: Record<string, FieldSchema> = {};
    for (const [path, mongoType] of Object.entries(collection.fields)) {
      // A document field named like the alias of `_id` is hidden by it.
      if (path === idField && idField !== '_id') continue;
      const column: ColumnModel = { name: rename(path), path, columnType: toColumnType(mongoType), mongoType };
      columns.set(column.name, column);
      fields[column.name] = columnSchema(column, path === '_id', collection.virtual !== undefined);
    }
    for (const [name, relation] of Object.entries(collection.relations))
      fields[name] = relationSchema(relation, rename);

    const schema: CollectionSchema = {
      fields,
      actions: {},
      segments: [],
      charts: [],
      countable: true,
      searchable: true,
    };

    return {
      name: collection.name,
      schema,
      columns,
      relations: collection.relations,
      source: collection.virtual?.parent ?? collection.name,
      virtualField: collection.virtual?.field,
    };
  });
}

/** The toolkit type of a sampled type: ObjectIds are strings, nested objects stay nested. @internal */
export function toColumnType(type: MongoFieldType): ColumnType {
  switch (type.kind) {
    case 'scalar':
      return type.type === 'ObjectId' ? 'String' : type.type;
    case 'object':
      return Object.fromEntries(Object.entries(type.fields).map(([name, field]) => [name, toColumnType(field)]));
    case 'array':
      return [type.items ? toColumnType(type.items) : 'Json'];
    default: {
      const unknownType: never = type;
      throw new Error(`Unknown field type ${JSON.stringify(unknownType)}.`);
    }
  }
}

function columnSchema(column: ColumnModel, isPrimaryKey: boolean, isVirtual: boolean): ColumnSchema {
  const natives = nativeOperatorsFor(column.columnType);

  return {
    type: 'Column',
    columnType: column.columnType,
    filterOperators: ConditionTreeEquivalent.getEquivalentOperators(natives, column.columnType),
    isPrimaryKey,
    isReadOnly: isVirtual,
    isSortable: typeof column.columnType === 'string' && column.columnType !== 'Json',
    allowNull: !isPrimaryKey,
    // Documents get an ObjectId `_id` when none is given.
    isAutoIncrement: isPrimaryKey && column.mongoType.kind === 'scalar' && column.mongoType.type !== 'String',
  };
}

function relationSchema(relation: MongoRelation, rename: (path: string) => string): RelationSchema {
  if (relation.type === 'ManyToOne') {
    return {
      ...relation,
      foreignKey: rename(relation.foreignKey),
      foreignKeyTarget: rename(relation.foreignKeyTarget),
    };
  }

  return { ...relation, originKey: rename(relation.originKey), originKeyTarget: rename(relation.originKeyTarget) };
}
