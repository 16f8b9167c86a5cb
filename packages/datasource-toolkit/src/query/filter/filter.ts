import type { ConditionTree } from '../condition-tree/condition-tree';

/** What a filter is made of; every part is optional. */
export interface FilterParts {
  readonly conditionTree?: ConditionTree;
  /** Free text the collection searches for (see `CollectionSchema.searchable`). */
  readonly search?: string | null;
  /** Also search the fields of to-one relations. */
  readonly searchExtended?: boolean;
  /** Name of one of the collection's segments. */
  readonly segment?: string | null;
}

/**
 * Which records a request targets: a condition tree, plus a search and a segment that the
 * collection resolves itself. Immutable; `override` and `nest` return new filters.
 *
 * @example new Filter({ conditionTree: new ConditionTreeLeaf('title', 'Present'), search: 'tolkien' })
 */
export class Filter implements FilterParts {
  readonly conditionTree?: ConditionTree;
  readonly search?: string | null;
  readonly searchExtended?: boolean;
  readonly segment?: string | null;

  constructor(parts: FilterParts = {}) {
    this.conditionTree = parts.conditionTree;
    this.search = parts.search;
    this.searchExtended = parts.searchExtended;
    this.segment = parts.segment;
    // Subclasses freeze themselves once their own fields are set.
    if (new.target === Filter) Object.freeze(this);
  }

  /**
   * True when the filter can apply to a relation of another collection: search and segments
   * belong to one collection, so only condition trees can be nested.
   */
  get isNestable(): boolean {
    return !this.search && !this.segment;
  }

  /** A copy of this filter with `parts` replacing the matching fields. */
  override(parts: FilterParts): Filter {
    return new Filter({ ...this.parts, ...parts });
  }

  /**
   * The same filter on the collection reached through relation `prefix` (`title` becomes
   * `author:title`).
   * @throws Error when the filter has a search or a segment (see `isNestable`).
   */
  nest(prefix: string): Filter {
    return new Filter(this.nestedParts(prefix));
  }

  protected get parts(): FilterParts {
    return {
      conditionTree: this.conditionTree,
      search: this.search,
      searchExtended: this.searchExtended,
      segment: this.segment,
    };
  }

  protected nestedParts(prefix: string): FilterParts {
    if (!this.isNestable) {
      throw new Error('Cannot nest a filter that has a search or a segment: they belong to their own collection.');
    }

    return { ...this.parts, conditionTree: this.conditionTree?.nest(prefix) };
  }
}
