import {
  type Collection,
  getPrimaryKeys,
  isColumn,
  isToOneRelation,
  Projection,
  ProjectionValidator,
  ValidationError,
} from '@platform/datasource-toolkit';
import type { RawQuery } from './raw-query';

/**
 * The fields a list reads, from `fields[<collection>]` (comma-separated). A to-one relation
 * named there reads the fields listed in `fields[<relation>]`, or the foreign primary keys:
 * `fields[books]=id,title,author&fields[author]=name` reads `id`, `title`, `author:name`.
 * Paths with `:` are taken as written. Without the parameter: every column, plus the primary
 * keys of each to-one relation. Lists add the primary keys (`withPks`); CSV columns do not.
 * @throws ValidationError (or MissingFieldError) for an unknown field or a to-many relation.
 */
export function parseProjection(collection: Collection, query: RawQuery): Projection {
  const requested = splitList(query.get(`fields[${collection.name}]`));
  const names = requested ?? defaultFieldNames(collection);

  const paths = names.flatMap((name) => {
    const field = collection.schema.fields[name];
    if (name.includes(':') || field === undefined || isColumn(field)) return [name];
    if (!isToOneRelation(field)) {
      throw new ValidationError(
        `Cannot read '${collection.name}.${name}' in a list: it is a ${field.type} relation. ` +
          `List it with GET /${collection.name}/<id>/relationships/${name}.`,
      );
    }
    const foreign = collection.dataSource.getCollection(field.foreignCollection);
    const subFields = (requested && splitList(query.get(`fields[${name}]`))) ?? getPrimaryKeys(foreign.schema);

    return subFields.map((sub) => `${name}:${sub}`);
  });

  const projection = new Projection(...paths);
  ProjectionValidator.validate(collection, projection);

  return projection;
}

/** The fields a list reads without `fields`: every column and every to-one relation. */
export function defaultFieldNames(collection: Collection): string[] {
  return Object.entries(collection.schema.fields)
    .filter(([, field]) => isColumn(field) || isToOneRelation(field))
    .map(([name]) => name);
}

function splitList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;

  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
