import {
  type Collection,
  getPrimaryKeys,
  isColumn,
  Page,
  Sort,
  type SortClause,
  SortValidator,
  ValidationError,
} from '@platform/datasource-toolkit';
import type { ListQuery } from '../../operations/list-query';
import { parseConditionTree } from './parse-condition-tree';

/** The parts of a list query as a transport received them, checked for shape but not yet against the collection. */
export interface ListQueryParts {
  /** A condition tree: JSON text, or the JSON value (§2.7 vocabulary). */
  readonly filters?: unknown;
  readonly search?: string;
  readonly searchExtended?: boolean;
  readonly segment?: string;
  /** `-field,relation:field`, or the clauses. */
  readonly sort?: string | readonly SortClause[];
  /** From 1. */
  readonly pageNumber: number;
  readonly pageSize: number;
}

/**
 * The list query of `parts`, validated against `collection`: the collection is searchable when a
 * search is given, the segment exists, filters and sort name fields that exist (the errors list them).
 * Without `sort`, records come in primary key order when the keys are sortable, so that pages
 * (and CSV exports, which page) are stable.
 * @throws ValidationError (or MissingFieldError) for any bad part.
 */
export function buildListQuery(collection: Collection, parts: ListQueryParts): ListQuery {
  const search = parts.search?.trim() || undefined;
  if (search !== undefined && !collection.schema.searchable) {
    throw new ValidationError(`Collection '${collection.name}' is not searchable: remove the search parameter.`);
  }
  if (parts.segment !== undefined && !collection.schema.segments.includes(parts.segment)) {
    throw new ValidationError(
      `Unknown segment '${parts.segment}' on '${collection.name}'. Segments: ${collection.schema.segments.join(', ') || 'none'}.`,
    );
  }

  return {
    conditionTree: parseConditionTree(parts.filters, collection),
    search,
    searchExtended: parts.searchExtended ?? false,
    segment: parts.segment,
    sort: parseSort(collection, parts.sort),
    page: new Page((parts.pageNumber - 1) * parts.pageSize, parts.pageSize),
  };
}

function parseSort(collection: Collection, value: string | readonly SortClause[] | undefined): Sort {
  if (value !== undefined) {
    const sort = typeof value === 'string' ? Sort.fromString(value) : new Sort(...value);
    SortValidator.validate(collection, sort);

    return sort;
  }

  const pks = getPrimaryKeys(collection.schema);
  const sortable = pks.every((pk) => {
    const field = collection.schema.fields[pk];
    return isColumn(field) && field.isSortable !== false;
  });

  return sortable ? new Sort(...pks.map((field) => ({ field, ascending: true }))) : new Sort();
}
