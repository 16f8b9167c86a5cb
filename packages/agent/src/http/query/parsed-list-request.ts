import type { Collection, CollectionSchema, Projection } from '@platform/datasource-toolkit';
import { type ListQuery, parseListQuery } from './parse-list-query';
import { parseProjection } from './parse-projection';
import type { RawQuery } from './raw-query';

/** Distinct query strings remembered per collection (least recently used first out). */
export const PARSED_QUERY_CACHE_SIZE = 100;

/** What a list route reads from its query string, validated against the collection. */
export interface ParsedListRequest {
  /** `fields[...]`, with the primary keys added (`withPks`). */
  readonly projection: Projection;
  readonly query: ListQuery;
}

interface CacheEntry extends ParsedListRequest {
  readonly schema: CollectionSchema;
}

const cacheByCollection = new WeakMap<Collection, Map<string, CacheEntry>>();

/**
 * The projection and list query of `GET /:collection`, parsed and validated once per distinct
 * query string and collection, then reused: a client paging through a list, or polling it,
 * sends the same query string again and again. Everything cached is immutable (the toolkit
 * freezes projections, sorts, pages and condition trees) and depends only on the query string
 * and the collection's schema; an entry is dropped when the collection's schema object changed.
 * A query that fails validation is never cached: it throws every time.
 *
 * @param queryString the raw query string (after `?`) that `query` was read from.
 */
export function parseListRequest(collection: Collection, queryString: string, query: RawQuery): ParsedListRequest {
  let cache = cacheByCollection.get(collection);
  const cached = cache?.get(queryString);
  if (cache !== undefined && cached !== undefined) {
    cache.delete(queryString);
    if (cached.schema === collection.schema) {
      cache.set(queryString, cached);
      return cached;
    }
  }

  const schema = collection.schema;
  const entry: CacheEntry = {
    projection: parseProjection(collection, query).withPks(collection),
    query: parseListQuery(collection, query),
    schema,
  };
  if (cache === undefined) {
    cache = new Map();
    cacheByCollection.set(collection, cache);
  }
  if (cache.size >= PARSED_QUERY_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(queryString, entry);

  return entry;
}
