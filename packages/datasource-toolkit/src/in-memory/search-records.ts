import { Projection } from '../query/projection';
import type { RecordData } from '../records/record';
import { RecordUtils } from '../records/record-utils';
import { type CollectionSchema, isColumn, isToOneRelation } from '../schema/collection-schema';

/**
 * The String columns a search reads: the collection's own and, when `extended`, those of its
 * to-one relations (one level deep).
 *
 * @internal
 */
export function getSearchProjection(
  schema: CollectionSchema,
  extended: boolean,
  getSchema: (collection: string) => CollectionSchema,
): Projection {
  const stringColumns = (fields: CollectionSchema['fields']) =>
    Object.entries(fields)
      .filter(([, field]) => isColumn(field) && field.columnType === 'String')
      .map(([name]) => name);

  const paths = stringColumns(schema.fields);
  if (extended) {
    for (const [name, field] of Object.entries(schema.fields)) {
      if (isToOneRelation(field)) {
        paths.push(...stringColumns(getSchema(field.foreignCollection).fields).map((column) => `${name}:${column}`));
      }
    }
  }

  return new Projection(...paths);
}

/** The records where one of the `projection` paths contains `search`, case-insensitively. @internal */
export function searchRecords(records: readonly RecordData[], projection: Projection, search: string): RecordData[] {
  const needle = search.toLocaleLowerCase();

  return records.filter((record) =>
    projection.some((path) => {
      const value = RecordUtils.getFieldValue(record, path);

      return typeof value === 'string' && value.toLocaleLowerCase().includes(needle);
    }),
  );
}
