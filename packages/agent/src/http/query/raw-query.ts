import type { Request } from 'express';

/**
 * The query parameters of a request, read from the raw query string. Express 5 parses queries
 * "simple" (no nesting) and may be configured otherwise by a host app, so bracketed keys such as
 * `page[size]` and `fields[books]` are read here, as written. A repeated key keeps its last value.
 */
export type RawQuery = ReadonlyMap<string, string>;

export function readRawQuery(req: Request): RawQuery {
  const index = req.originalUrl.indexOf('?');
  if (index === -1) return new Map();

  return new Map(new URLSearchParams(req.originalUrl.slice(index + 1)));
}
