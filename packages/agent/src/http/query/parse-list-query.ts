import { type Collection, parseWithZod } from '@platform/datasource-toolkit';
import { z } from 'zod';
import type { ListQuery } from '../../operations/list-query';
import { buildListQuery } from './build-list-query';
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

/**
 * Reads `filters`, `search`, `searchExtended`, `segment`, `sort`, `page[number]` and `page[size]`
 * (see `buildListQuery`).
 * @throws ValidationError (or MissingFieldError) for any bad parameter.
 */
export function parseListQuery(collection: Collection, query: RawQuery): ListQuery {
  const parsed = parseWithZod(listQuerySchema, Object.fromEntries(query), 'query');

  return buildListQuery(collection, {
    filters: query.get('filters'),
    search: parsed.search,
    searchExtended: parsed.searchExtended === 'true' || parsed.searchExtended === '1',
    segment: parsed.segment,
    sort: parsed.sort,
    pageNumber: parsed['page[number]'] ?? 1,
    pageSize: parsed['page[size]'] ?? DEFAULT_PAGE_SIZE,
  });
}
