import type { Collection, CollectionSchema } from '@platform/datasource-toolkit';
import { LRUCache } from 'lru-cache';

/** Distinct query strings remembered per collection, by each cache. */
export const PARSED_QUERY_CACHE_SIZE = 100;

/** Answers what `parse` returns for (`collection`, `queryString`), parsing it at most once. */
export type QueryStringCache<T> = (collection: Collection, queryString: string, parse: () => T) => T;

/**
 * A cache of what a route parses and validates from its query string, per collection and raw
 * query string: a client paging through a list, polling it or opening records sends the same
 * query string again and again. What `parse` returns must be immutable (the toolkit freezes
 * projections, sorts, pages and condition trees) and depend only on the query string and the
 * collection's schema; an entry is dropped when the collection's schema object changed. A parse
 * that throws is never cached: it throws every time.
 */
export function createQueryStringCache<T>(): QueryStringCache<T> {
  const cacheByCollection = new WeakMap<Collection, LRUCache<string, { value: T; schema: CollectionSchema }>>();

  return (collection, queryString, parse) => {
    let cache = cacheByCollection.get(collection);
    if (cache === undefined) {
      // Least recently used query string out once `PARSED_QUERY_CACHE_SIZE` are held for the collection.
      cache = new LRUCache({ max: PARSED_QUERY_CACHE_SIZE });
      cacheByCollection.set(collection, cache);
    }
    const schema = collection.schema;
    const cached = cache.get(queryString);
    if (cached !== undefined && cached.schema === schema) return cached.value;

    const value = parse();
    cache.set(queryString, { value, schema });

    return value;
  };
}
