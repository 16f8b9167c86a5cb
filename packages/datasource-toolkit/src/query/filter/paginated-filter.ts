import type { Page } from '../page';
import type { Sort } from '../sort';
import { Filter, type FilterParts } from './filter';

/** A filter's parts plus the order and slice of a list. */
export interface PaginatedFilterParts extends FilterParts {
  readonly sort?: Sort;
  readonly page?: Page;
}

/**
 * The filter of a list: which records, in which order, which slice. Immutable.
 *
 * @example new PaginatedFilter({ sort: Sort.fromString('-createdAt'), page: new Page(0, 15) })
 */
export class PaginatedFilter extends Filter implements PaginatedFilterParts {
  readonly sort?: Sort;
  readonly page?: Page;

  constructor(parts: PaginatedFilterParts = {}) {
    super(parts);
    this.sort = parts.sort;
    this.page = parts.page;
    if (new.target === PaginatedFilter) Object.freeze(this);
  }

  /** A copy of this filter with `parts` replacing the matching fields. */
  override override(parts: PaginatedFilterParts): PaginatedFilter {
    return new PaginatedFilter({ ...this.parts, sort: this.sort, page: this.page, ...parts });
  }

  /**
   * The same filter and sort on the collection reached through relation `prefix`.
   * @throws Error when the filter has a search or a segment (see `isNestable`).
   */
  override nest(prefix: string): PaginatedFilter {
    return new PaginatedFilter({ ...this.nestedParts(prefix), sort: this.sort?.nest(prefix), page: this.page });
  }
}
