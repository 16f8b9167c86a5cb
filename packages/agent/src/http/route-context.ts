import type { Caller, DataSource } from '@platform/datasource-toolkit';
import type { Request, Response } from 'express';
import type { OperationContext } from '../operations/operation-context';
import { getAuthenticatedCaller } from './auth/authenticate';
import type { PermissionService } from './permissions/permission-service';
import { parseTimezone } from './query/parse-timezone';
import { getQueryString, type RawQuery, readRawQuery } from './query/raw-query';

/** What every route handler is built with. */
export interface RouteDependencies {
  readonly getDataSource: () => DataSource;
  readonly permissions: PermissionService;
  /** How CSV exports write their cells. */
  readonly csv: { readonly escapeFormulae: boolean };
}

/**
 * Everything a handler needs about one request: the operation context (the data source of the
 * moment, the caller in the time zone of the `timezone` parameter when given, the permission
 * service) that the shared operations take, and the raw query.
 */
export class RouteContext implements OperationContext {
  readonly dataSource: DataSource;
  readonly caller: Caller;
  readonly permissions: PermissionService;
  readonly query: RawQuery;
  /** The query string as sent (after `?`, not decoded), `''` without one. */
  readonly queryString: string;

  private constructor(
    permissions: PermissionService,
    dataSource: DataSource,
    caller: Caller,
    query: RawQuery,
    queryString: string,
  ) {
    this.permissions = permissions;
    this.dataSource = dataSource;
    this.caller = caller;
    this.query = query;
    this.queryString = queryString;
  }

  /** @throws ValidationError when the `timezone` parameter is not an IANA time zone. */
  static create(deps: RouteDependencies, req: Request, res: Response): RouteContext {
    const queryString = getQueryString(req);
    const query = readRawQuery(queryString);
    const caller = getAuthenticatedCaller(res);
    const timezone = parseTimezone(query.get('timezone'));
    const withTimezone = timezone === undefined ? caller : { ...caller, timezone };

    return new RouteContext(deps.permissions, deps.getDataSource(), withTimezone, query, queryString);
  }
}
