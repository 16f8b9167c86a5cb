import { isErrorOfKind, UnprocessableError } from '@platform/datasource-toolkit';
import { mapDatabaseError } from './map-database-error';

/**
 * Errors of native queries: constraint and connection errors as for collections, and any other
 * database error (syntax, unknown table or column) as an `UnprocessableError` quoting the server.
 * @internal
 */
export function mapNativeQueryError(error: unknown): unknown {
  const mapped = mapDatabaseError(error, 'native query');
  if (mapped !== error || isErrorOfKind(error, 'BusinessError')) return mapped;
  const message = error instanceof Error ? error.message : String(error);

  return new UnprocessableError(`The native query failed: ${message}`, { cause: error });
}
