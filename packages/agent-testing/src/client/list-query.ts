import type { Operator } from '@platform/agent';

/** A condition tree over the fields of a collection (`author:name` through to-one relations). */
export type FilterTree<F extends string> =
  | { readonly field: F; readonly operator: Operator; readonly value?: unknown }
  | { readonly aggregator: 'And' | 'Or'; readonly conditions: ReadonlyArray<FilterTree<F>> };

/** One sort clause: a field, ascending unless `ascending: false`. */
export interface SortClause<F extends string> {
  readonly field: F;
  readonly ascending?: boolean;
}

/** What `count`, `segment(...).count` and the relation counts accept. */
export interface CountOptions<F extends string> {
  readonly filters?: FilterTree<F>;
  readonly search?: string;
  /** Also search the to-one relations. */
  readonly searchExtended?: boolean;
}

/** What `list` and `exportCsv` accept. */
export interface ListOptions<F extends string> extends CountOptions<F> {
  readonly sort?: SortClause<F> | ReadonlyArray<SortClause<F>>;
  /** The projection; the primary keys are always in JSON answers. */
  readonly fields?: readonly F[];
  /** 1-based page `number` (default 1) and `size` (default 15, at most 1000). */
  readonly pagination?: { readonly number?: number; readonly size?: number };
}

/** The query parameters of the agent's list, count and export routes (docs/http-routes.md). */
export function toListQuery(
  collection: string,
  options: ListOptions<string> = {},
  segment: string | undefined = undefined,
): URLSearchParams {
  const query = new URLSearchParams();
  if (options.filters !== undefined) query.set('filters', JSON.stringify(options.filters));
  if (options.search !== undefined) query.set('search', options.search);
  if (options.searchExtended !== undefined) query.set('searchExtended', String(options.searchExtended));
  if (segment !== undefined) query.set('segment', segment);
  if (options.sort !== undefined) {
    const clauses = Array.isArray(options.sort) ? options.sort : [options.sort as SortClause<string>];
    query.set('sort', clauses.map((clause) => `${clause.ascending === false ? '-' : ''}${clause.field}`).join(','));
  }
  if (options.fields !== undefined) query.set(`fields[${collection}]`, options.fields.join(','));
  if (options.pagination?.number !== undefined) query.set('page[number]', String(options.pagination.number));
  if (options.pagination?.size !== undefined) query.set('page[size]', String(options.pagination.size));

  return query;
}
