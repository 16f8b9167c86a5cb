import {
  type Collection,
  type ConditionTree,
  getPrimaryKeys,
  isColumn,
  Page,
  parseWithZod,
  Sort,
  SortValidator,
  ValidationError,
} from '@platform/datasource-toolkit';
import { z } from 'zod';
import { parseConditionTree } from './parse-condition-tree';
import type { RawQuery } from './raw-query';

/** Largest `page[size]` a list accepts. */
export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 15;

const integerText = (min: number, max: number) =>
  z.string().regex(/^\d+$/, 'expected a whole number').transform(Number).pipe(z.number().int().min(min).max(max));

const listQuerySchema = z.object({
  'page[number]': integerText(1, Number.MAX_SAFE_INTEGER).optional(),
  'page[size]': integerText(1, MAX_PAGE_SIZE).optional(),
  search: z.string().max(1000).optional(),
  searchExtended: z.enum(['true', 'false', '1', '0']).optional(),
  segment: z.string().min(1).optional(),
  sort: z.string().min(1).optional(),
});

/** The parts of a list filter the query string gives, validated against the collection. */
export interface ListQuery {
  readonly conditionTree?: ConditionTree;
  readonly search?: string;
  readonly searchExtended: boolean;
  readonly segment?: string;
  readonly sort: Sort;
  readonly page: Page;
}

/**
 * Reads `filters`, `search`, `searchExtended`, `segment`, `sort`, `page[number]` and `page[size]`.
 * Without `sort`, records come in primary key order when the keys are sortable, so that pages
 * (and CSV exports, which page) are stable.
 * @throws ValidationError (or MissingFieldError) for any bad parameter.
 */
export function parseListQuery(collection: Collection, query: RawQuery): ListQuery {
  const parsed = parseWithZod(listQuerySchema, Object.fromEntries(query), 'query');
  const search = parsed.search?.trim() || undefined;
  if (search !== undefined && !collection.schema.searchable) {
    throw new ValidationError(`Collection '${collection.name}' is not searchable: remove the search parameter.`);
  }
  if (parsed.segment !== undefined && !collection.schema.segments.includes(parsed.segment)) {
    throw new ValidationError(
      `Unknown segment '${parsed.segment}' on '${collection.name}'. Segments: ${collection.schema.segments.join(', ') || 'none'}.`,
    );
  }

  const size = parsed['page[size]'] ?? DEFAULT_PAGE_SIZE;
  const number = parsed['page[number]'] ?? 1;

  return {
    conditionTree: parseConditionTree(query.get('filters'), collection),
    search,
    searchExtended: parsed.searchExtended === 'true' || parsed.searchExtended === '1',
    segment: parsed.segment,
    sort: parseSort(collection, parsed.sort),
    page: new Page((number - 1) * size, size),
  };
}

function parseSort(collection: Collection, value: string | undefined): Sort {
  if (value !== undefined) {
    const sort = Sort.fromString(value);
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
