import type { Collection, Projection } from '@platform/datasource-toolkit';
import type { ListQuery } from '../../operations/list-query';
import { parseListQuery } from './parse-list-query';
import { parseProjection } from './parse-projection';
import { createQueryStringCache } from './query-string-cache';
import type { RawQuery } from './raw-query';

/** What a list route reads from its query string, validated against the collection. */
export interface ParsedListRequest {
  /** `fields[...]`, with the primary keys added (`withPks`). */
  readonly projection: Projection;
  readonly query: ListQuery;
}

const cache = createQueryStringCache<ParsedListRequest>();

/**
 * The projection and list query of `GET /:collection`, parsed and validated once per distinct
 * query string and collection, then reused (`createQueryStringCache`).
 *
 * @param queryString the raw query string (after `?`) that `query` was read from.
 */
export function parseListRequest(collection: Collection, queryString: string, query: RawQuery): ParsedListRequest {
  return cache(collection, queryString, () => ({
    projection: parseProjection(collection, query).withPks(collection),
    query: parseListQuery(collection, query),
  }));
}
