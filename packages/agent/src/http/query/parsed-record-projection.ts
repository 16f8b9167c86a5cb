import type { Collection, Projection } from '@platform/datasource-toolkit';
import { parseProjection } from './parse-projection';
import { createQueryStringCache } from './query-string-cache';
import type { RawQuery } from './raw-query';

const cache = createQueryStringCache<Projection>();

/**
 * The fields `GET /:collection/:id` reads (`fields[...]`, with the primary keys), parsed and
 * validated once per distinct query string and collection, then reused
 * (`createQueryStringCache`), as the list does with `parseListRequest`.
 *
 * @param queryString the raw query string (after `?`) that `query` was read from.
 */
export function parseRecordProjection(collection: Collection, queryString: string, query: RawQuery): Projection {
  return cache(collection, queryString, () => parseProjection(collection, query).withPks(collection));
}
