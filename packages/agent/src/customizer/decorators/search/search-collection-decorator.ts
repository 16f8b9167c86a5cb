import {
  buildSearchTree,
  type Caller,
  type CollectionSchema,
  type ConditionTree,
  ConditionTreeFactory,
  ConditionTreeValidator,
  type Filter,
  isConditionTree,
  ValidationError,
} from '@platform/datasource-toolkit';
import { createCollectionContext } from '../../context/collection-customization-context';
import { CollectionDecorator, overrideFilter } from '../collection-decorator';
import type { SearchDefinition } from './types';

/**
 * Resolves `filter.search` into a condition tree, intersected with the filter's own, so that the
 * child never sees a search it cannot do:
 * - with `replaceSearch`, the user's definition gives the tree;
 * - else, a child that searches natively (`schema.searchable`) receives the search unchanged;
 * - else, a default tree over the String (and matching Number, Uuid, Enum) columns is built.
 *
 * Every collection is therefore searchable, unless `disableSearch` was called: a search on it is
 * then refused with a ValidationError.
 */
export class SearchCollectionDecorator extends CollectionDecorator {
  protected replacer: SearchDefinition | null = null;
  protected isSearchDisabled = false;

  /** @throws ValidationError when `definition` is not a function. */
  replaceSearch(definition: SearchDefinition): void {
    if (typeof definition !== 'function') {
      throw new ValidationError(
        `Invalid search definition for '${this.name}': expected a function (search, extended, context) returning a condition tree.`,
      );
    }
    this.replacer = definition;
    this.isSearchDisabled = false;
    this.markSchemaAsDirty();
  }

  disableSearch(): void {
    this.isSearchDisabled = true;
    this.markSchemaAsDirty();
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    return { ...childSchema, searchable: !this.isSearchDisabled };
  }

  protected override async refineFilter<F extends Filter>(caller: Caller, filter: F): Promise<F> {
    const { search } = filter;
    if (search === undefined || search === null) return filter;
    if (typeof search !== 'string') {
      throw new ValidationError(`Invalid search on '${this.name}': expected a string, got ${typeof search}.`);
    }

    const trimmed = search.trim();
    if (trimmed === '') return overrideFilter(filter, { search: null, searchExtended: undefined });
    if (this.isSearchDisabled) {
      throw new ValidationError(`Search is disabled on '${this.name}': remove the search from the request.`, {
        details: { collection: this.name },
      });
    }
    // A native search is kept when nothing replaces it: the database does it better.
    if (!this.replacer && this.childCollection.schema.searchable) return filter;

    const extended = filter.searchExtended === true;
    const tree = this.replacer
      ? await this.replacedTree(caller, trimmed, extended)
      : buildSearchTree(trimmed, extended, this.schema, (name) => this.dataSource.getCollection(name).schema, {
          lowercaseUuids: true,
        });

    return overrideFilter(filter, {
      conditionTree: tree ? ConditionTreeFactory.intersect(filter.conditionTree, tree) : filter.conditionTree,
      search: null,
      searchExtended: undefined,
    });
  }

  /** The tree of the user's definition, checked against this collection's fields and operators. */
  private async replacedTree(caller: Caller, search: string, extended: boolean): Promise<ConditionTree | null> {
    const result = await (this.replacer as SearchDefinition)(search, extended, createCollectionContext(this, caller));
    if (result === null || result === undefined) return null;

    try {
      const tree = isConditionTree(result) ? result : ConditionTreeFactory.fromPlainObject(result);
      ConditionTreeValidator.validate(tree, this);

      return tree;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new ValidationError(
        `The search definition of '${this.name}' returned an invalid condition tree: ${message}`,
        {
          cause: error,
        },
      );
    }
  }
}
