import type { Collection, CollectionSchema, Projection } from '@platform/datasource-toolkit';
import { LRUCache } from 'lru-cache';
import type { ListQuery } from '../../operations/list-query';
import { parseListQuery } from './parse-list-query';
import { parseProjection } from './parse-projection';
import type { RawQuery } from './raw-query';

/** Distinct query strings remembered per collection. */
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

const cacheByCollection = new WeakMap<Collection, LRUCache<string, CacheEntry>>();

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
  if (cache === undefined) {
    // Least recently used query string out once `PARSED_QUERY_CACHE_SIZE` are held for the collection.
    cache = new LRUCache({ max: PARSED_QUERY_CACHE_SIZE });
    cacheByCollection.set(collection, cache);
  }
  const schema = collection.schema;
  const cached = cache.get(queryString);
  if (cached !== undefined && cached.schema === schema) return cached;

  const entry: CacheEntry = {
    projection: parseProjection(collection, query).withPks(collection),
    query: parseListQuery(collection, query),
    schema,
  };
  cache.set(queryString, entry);

  return entry;
}
