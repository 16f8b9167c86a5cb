import type { DataSourceCustomizer, Plugin } from '@platform/agent';
import { type CollectionSchema, isColumn, isToOneRelation, ValidationError } from '@platform/datasource-toolkit';
import { FLATTEN_SEPARATOR, flattenedFieldName } from './field-name';
import { selectPaths } from './select-paths';

/** Options of `flattenRelation` (spec agent-library §2.10). */
export interface FlattenRelationOptions {
  /** A many-to-one or one-to-one relation of the collection. */
  readonly relationName: string;
  /**
   * Fields of the related record to import: its columns (`name`), or through its own to-one
   * relations (`country:name`). Its columns by default.
   */
  readonly include?: readonly string[];
  /** Fields to leave out. */
  readonly exclude?: readonly string[];
  /** Refuse writes to the imported fields (default false: writes go to the related record). */
  readonly readonly?: boolean;
}

/**
 * Imports fields of a to-one relation as fields of the collection (`author@@@name`), filtered
 * and sorted by the data source as the related field is, and written to the related record
 * unless `readonly`.
 *
 * @example
 * agent.customizeCollection('books', (books) =>
 *   books.use(flattenRelation, { relationName: 'author', include: ['name', 'country:name'] }),
 * );
 */
export const flattenRelation: Plugin<FlattenRelationOptions> = (dataSource, collection, options) => {
  if (!collection) {
    throw new ValidationError(
      `flattenRelation customizes one collection: call it with collection.use(flattenRelation, options).`,
    );
  }
  const { relationName } = options ?? {};
  const field = typeof relationName === 'string' ? collection.schema.fields[relationName] : undefined;
  if (!isToOneRelation(field)) {
    const fields = collection.schema.fields;
    const toOne = Object.keys(fields).filter((name) => isToOneRelation(fields[name]));
    const what = field === undefined ? 'not a field' : isColumn(field) ? 'a column' : `a ${field.type} relation`;
    throw new ValidationError(
      `flattenRelation: 'relationName' ${JSON.stringify(relationName)} of '${collection.name}' is ${what}; ` +
        `expected a many-to-one or one-to-one relation. Those relations: ${toOne.join(', ') || 'none'}.`,
      { details: { option: 'relationName', allowed: toOne } },
    );
  }

  const foreign = dataSource.getCollection(field.foreignCollection).schema;
  const available = listPaths(dataSource, foreign, options.include === undefined ? 1 : 3);
  const selected = selectPaths('flattenRelation', [...available.keys()], options);
  for (const path of selected) {
    const name = flattenedFieldName(relationName as string, path.split(':'));
    if (path.includes(FLATTEN_SEPARATOR)) {
      throw new ValidationError(
        `flattenRelation: cannot flatten '${path}': field names may not hold '${FLATTEN_SEPARATOR}'.`,
      );
    }
    // A related record's primary key is shown, never rewritten through the relation.
    const readonly = options.readonly === true || available.get(path) === true;
    collection.importField(name, { path: `${relationName}:${path}`, readonly });
  }
};

/** Columns of `schema` (→ whether each is a primary key), and `depth - 1` more hops through its to-one relations. */
function listPaths(
  dataSource: DataSourceCustomizer,
  schema: CollectionSchema,
  depth: number,
  prefix = '',
): Map<string, boolean> {
  const paths = new Map<string, boolean>();
  for (const [name, field] of Object.entries(schema.fields)) {
    if (isColumn(field)) paths.set(`${prefix}${name}`, field.isPrimaryKey === true);
    else if (isToOneRelation(field) && depth > 1) {
      const foreign = dataSource.getCollection(field.foreignCollection).schema;
      for (const entry of listPaths(dataSource, foreign, depth - 1, `${prefix}${name}:`)) paths.set(...entry);
    }
  }

  return paths;
}
