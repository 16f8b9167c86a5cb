import {
  type Caller,
  type Collection,
  type ConditionTree,
  ConditionTreeFactory,
  type DataSource,
  NotFoundError,
} from '@platform/datasource-toolkit';
import type { Request, Response } from 'express';
import { getAuthenticatedCaller } from './auth/authenticate';
import type { Permission, PermissionExtra, PermissionService } from './permissions/permission-service';
import { parseTimezone } from './query/parse-timezone';
import { getQueryString, type RawQuery, readRawQuery } from './query/raw-query';

const collectionsByDataSource = new WeakMap<DataSource, Map<string, Collection>>();

/** What every route handler is built with. */
export interface RouteDependencies {
  readonly getDataSource: () => DataSource;
  readonly permissions: PermissionService;
  /** How CSV exports write their cells. */
  readonly csv: { readonly escapeFormulae: boolean };
}

/**
 * Everything a handler needs about one request: the data source of the moment, the caller (in
 * the time zone of the `timezone` parameter when given), the raw query, and permission helpers.
 */
export class RouteContext {
  readonly dataSource: DataSource;
  readonly caller: Caller;
  readonly query: RawQuery;
  /** The query string as sent (after `?`, not decoded), `''` without one. */
  readonly queryString: string;

  private constructor(
    private readonly permissions: PermissionService,
    dataSource: DataSource,
    caller: Caller,
    query: RawQuery,
    queryString: string,
  ) {
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

  /** @throws NotFoundError listing the collections that exist. */
  getCollection(name: string | undefined): Collection {
    // The listing of a data source is fixed once it is built (`restart()` builds a new one), and
    // reading it walks every layer of the customization stack: found collections are remembered.
    let found = collectionsByDataSource.get(this.dataSource);
    const cached = name === undefined ? undefined : found?.get(name);
    if (cached !== undefined) return cached;

    const collection = this.dataSource.collections.find((candidate) => candidate.name === name);
    if (collection !== undefined && name !== undefined) {
      if (found === undefined) {
        found = new Map();
        collectionsByDataSource.set(this.dataSource, found);
      }
      found.set(name, collection);
    }
    if (collection === undefined) {
      const names = this.dataSource.collections.map((candidate) => candidate.name).join(', ');
      throw new NotFoundError(`Collection '${String(name)}' does not exist. Collections: ${names || 'none'}.`);
    }

    return collection;
  }

  /** @throws ForbiddenError (from the permission service) when the caller may not. */
  async can(permission: Permission, collection: Collection | string, extra?: PermissionExtra): Promise<void> {
    const name = typeof collection === 'string' ? collection : collection.name;
    await this.permissions.can(this.caller, permission, name, extra);
  }

  /** `tree` restricted to the records the caller's scope lets them see in `collection`. */
  async scoped(collection: Collection, tree?: ConditionTree | null): Promise<ConditionTree | undefined> {
    const scope = (await this.permissions.getScope?.(this.caller, collection.name)) ?? null;
    if (!scope && !tree) return undefined;

    return ConditionTreeFactory.intersect(tree, scope);
  }
}
