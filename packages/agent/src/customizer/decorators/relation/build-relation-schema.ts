import {
  type Collection,
  type ColumnSchema,
  type ColumnType,
  getPrimaryKeys,
  type ManyToManySchema,
  type ManyToOneSchema,
  type OneToManySchema,
  type OneToOneSchema,
  type RelationSchema,
  ValidationError,
} from '@platform/datasource-toolkit';
import { assertColumn } from '../field-checks';
import type { ManyToManyOptions, ManyToOneOptions, OneToManyOptions } from './types';

/** A relation as the customizer receives it: key targets may be omitted (primary keys then). */
export type PartialRelation =
  | ({ readonly type: 'ManyToOne'; readonly foreignCollection: string } & ManyToOneOptions)
  | ({ readonly type: 'OneToMany' | 'OneToOne'; readonly foreignCollection: string } & OneToManyOptions)
  | ({
      readonly type: 'ManyToMany';
      readonly foreignCollection: string;
      readonly throughCollection: string;
    } & ManyToManyOptions);

/**
 * The complete schema of a relation, after checking that every key exists, is a column, and that
 * each key and its target have compatible types.
 * @throws MissingFieldError / NotFoundError naming what exists; ValidationError for type mismatches.
 * @internal
 */
export function buildRelationSchema(origin: Collection, name: string, partial: PartialRelation): RelationSchema {
  const foreign = origin.dataSource.getCollection(partial.foreignCollection);
  const label = `relation '${origin.name}.${name}'`;

  switch (partial.type) {
    case 'ManyToOne': {
      const foreignKeyTarget = partial.foreignKeyTarget ?? singlePrimaryKey(foreign, label);
      assertCompatible(label, [origin, partial.foreignKey], [foreign, foreignKeyTarget]);
      assertFilterableWithIn(label, foreign, foreignKeyTarget);
      const schema: ManyToOneSchema = {
        type: 'ManyToOne',
        foreignCollection: foreign.name,
        foreignKey: partial.foreignKey,
        foreignKeyTarget,
      };

      return schema;
    }
    case 'OneToMany':
    case 'OneToOne': {
      const originKeyTarget = partial.originKeyTarget ?? singlePrimaryKey(origin, label);
      assertCompatible(label, [foreign, partial.originKey], [origin, originKeyTarget]);
      assertFilterableWithIn(label, foreign, partial.originKey);
      const schema: OneToManySchema | OneToOneSchema = {
        type: partial.type,
        foreignCollection: foreign.name,
        originKey: partial.originKey,
        originKeyTarget,
      };

      return schema;
    }
    case 'ManyToMany': {
      const through = origin.dataSource.getCollection(partial.throughCollection);
      const originKeyTarget = partial.originKeyTarget ?? singlePrimaryKey(origin, label);
      const foreignKeyTarget = partial.foreignKeyTarget ?? singlePrimaryKey(foreign, label);
      assertCompatible(label, [through, partial.originKey], [origin, originKeyTarget]);
      assertCompatible(label, [through, partial.foreignKey], [foreign, foreignKeyTarget]);
      const schema: ManyToManySchema = {
        type: 'ManyToMany',
        foreignCollection: foreign.name,
        throughCollection: through.name,
        originKey: partial.originKey,
        originKeyTarget,
        foreignKey: partial.foreignKey,
        foreignKeyTarget,
      };

      return schema;
    }
    default: {
      const unknownType: never = partial;
      throw new ValidationError(`Unknown relation type ${JSON.stringify((unknownType as { type: unknown }).type)}.`);
    }
  }
}

function singlePrimaryKey(collection: Collection, label: string): string {
  const primaryKeys = getPrimaryKeys(collection.schema);
  const [primaryKey] = primaryKeys;
  if (primaryKeys.length !== 1 || primaryKey === undefined) {
    throw new ValidationError(
      `Cannot default the key target of ${label}: '${collection.name}' has ${primaryKeys.length} primary key(s)` +
        `${primaryKeys.length ? ` (${primaryKeys.join(', ')})` : ''}; name the target explicitly.`,
    );
  }

  return primaryKey;
}

/** A key and the field it points to must hold the same kind of values. */
function assertCompatible(
  label: string,
  [keyOwner, key]: [Collection, string],
  [targetOwner, target]: [Collection, string],
): void {
  const keyColumn = assertColumn(keyOwner, key);
  const targetColumn = assertColumn(targetOwner, target);
  if (!areCompatible(keyColumn, targetColumn)) {
    throw new ValidationError(
      `Invalid ${label}: '${keyOwner.name}.${key}' (${describe(keyColumn.columnType)}) cannot point at ` +
        `'${targetOwner.name}.${target}' (${describe(targetColumn.columnType)}): their types differ.`,
    );
  }
}

function areCompatible(a: ColumnSchema, b: ColumnSchema): boolean {
  const normalize = (type: ColumnType): string => JSON.stringify(type === 'Uuid' ? 'String' : type);

  return normalize(a.columnType) === normalize(b.columnType);
}

function describe(type: ColumnType): string {
  return typeof type === 'string' ? type : JSON.stringify(type);
}

/** Related records are loaded with `key In [...]`: the key must support it. */
function assertFilterableWithIn(label: string, collection: Collection, key: string): void {
  if (!assertColumn(collection, key).filterOperators.has('In')) {
    throw new ValidationError(
      `Invalid ${label}: '${collection.name}.${key}' cannot be filtered with 'In', which loading related records needs.`,
    );
  }
}
