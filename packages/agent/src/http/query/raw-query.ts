import type { Request } from 'express';

/**
 * The query parameters of a request, read from the raw query string. Express 5 parses queries
 * "simple" (no nesting) and may be configured otherwise by a host app, so bracketed keys such as
 * `page[size]` and `fields[books]` are read here, as written. A repeated key keeps its last value.
 */
export type RawQuery = ReadonlyMap<string, string>;

/** The raw query string of a request (after `?`, not decoded), `''` without one. */
export function getQueryString(req: Request): string {
  const index = req.originalUrl.indexOf('?');

  return index === -1 ? '' : req.originalUrl.slice(index + 1);
}

/** @param source a request, or its query string as `getQueryString` returns it. */
export function readRawQuery(source: Request | string): RawQuery {
  const queryString = typeof source === 'string' ? source : getQueryString(source);
  if (queryString === '') return new Map();

  return new Map(new URLSearchParams(queryString));
}
