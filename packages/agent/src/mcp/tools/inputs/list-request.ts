import {
  type Collection,
  getPrimaryKeys,
  isColumn,
  isToOneRelation,
  Projection,
  ProjectionValidator,
  ValidationError,
} from '@platform/datasource-toolkit';
import { buildListQuery } from '../../../http/query/build-list-query';
import { defaultFieldNames } from '../../../http/query/parse-projection';
import type { ListQuery } from '../../../operations/list-query';
import { DEFAULT_TOOL_PAGE_SIZE, type ListOptions } from './list-options';

/**
 * The list query and projection of a list tool's arguments, validated against `collection`
 * (errors name the fields, segments or operators that exist).
 * @throws ValidationError (or MissingFieldError) for any bad argument.
 */
export function toListRequest(
  collection: Collection,
  options: ListOptions,
): { readonly query: ListQuery; readonly projection: Projection } {
  const query = buildListQuery(collection, {
    filters: options.filter,
    search: options.search,
    searchExtended: options.searchExtended,
    segment: options.segment,
    sort: options.sort,
    pageNumber: options.page?.number ?? 1,
    pageSize: options.page?.size ?? DEFAULT_TOOL_PAGE_SIZE,
  });

  return { query, projection: toProjection(collection, options.fields) };
}

/**
 * The fields read: `relation:field` paths as written, a to-one relation name as the primary keys
 * of its record; the primary keys of the collection are always read.
 * @throws ValidationError (or MissingFieldError, listing the fields) for a bad field.
 */
export function toProjection(collection: Collection, fields: readonly string[] | undefined): Projection {
  const paths = (fields ?? defaultFieldNames(collection)).flatMap((name) => {
    const field = collection.schema.fields[name];
    if (name.includes(':') || field === undefined || isColumn(field)) return [name];
    if (!isToOneRelation(field)) {
      throw new ValidationError(
        `Cannot read '${collection.name}.${name}' in a list: it is a ${field.type} relation. ` +
          `List its records with listRelated (relation '${name}').`,
      );
    }
    const foreign = collection.dataSource.getCollection(field.foreignCollection);

    return getPrimaryKeys(foreign.schema).map((pk) => `${name}:${pk}`);
  });
  const projection = new Projection(...paths);
  ProjectionValidator.validate(collection, projection);

  return projection.withPks(collection);
}
