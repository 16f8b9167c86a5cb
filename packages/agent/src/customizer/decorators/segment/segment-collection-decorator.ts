import {
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
import type { SegmentDefinition } from './types';

/**
 * Adds named segments and resolves `filter.segment` into their condition tree, intersected with
 * the filter's own. A segment this layer does not know is passed to the child (native segments).
 *
 * Static definitions are parsed when added; every tree is checked against the collection's fields
 * when used, since fields may be added after the segment.
 */
export class SegmentCollectionDecorator extends CollectionDecorator {
  protected readonly segments = new Map<string, SegmentDefinition>();

  /** @throws ValidationError for an empty or taken name, or a definition that is not a condition. */
  addSegment(name: string, definition: SegmentDefinition): void {
    if (typeof name !== 'string' || name.trim() === '') {
      throw new ValidationError(
        `Invalid segment name ${JSON.stringify(name)} on '${this.name}': expected a non-empty string.`,
      );
    }
    if (this.segments.has(name)) {
      throw new ValidationError(`Segment '${name}' already exists on '${this.name}': choose another name.`);
    }
    if (typeof definition !== 'function') this.toTree(name, definition);
    this.segments.set(name, definition);
    this.markSchemaAsDirty();
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    const segments = [...childSchema.segments, ...this.segments.keys()];

    return { ...childSchema, segments: [...new Set(segments)] };
  }

  override get isCustomized(): boolean {
    return this.segments.size > 0;
  }

  protected override async refineFilter<F extends Filter>(caller: Caller, filter: F): Promise<F> {
    const name = filter.segment;
    const definition = name ? this.segments.get(name) : undefined;
    // A segment this layer does not know (and none) passes as it is.
    if (!name || definition === undefined) return filter;

    const value =
      typeof definition === 'function' ? await definition(createCollectionContext(this, caller)) : definition;
    const tree = this.toTree(name, value);
    try {
      ConditionTreeValidator.validate(tree, this);
    } catch (error) {
      throw this.invalid(name, error);
    }

    return overrideFilter(filter, {
      conditionTree: ConditionTreeFactory.intersect(filter.conditionTree, tree),
      segment: null,
    });
  }

  private toTree(name: string, value: unknown): ConditionTree {
    if (isConditionTree(value)) return value;
    try {
      return ConditionTreeFactory.fromPlainObject(value);
    } catch (error) {
      throw this.invalid(name, error);
    }
  }

  private invalid(name: string, cause: unknown): ValidationError {
    const message = cause instanceof Error ? cause.message : String(cause);

    return new ValidationError(`Segment '${name}' of '${this.name}' is invalid: ${message}`, {
      cause,
      details: { collection: this.name, segment: name },
    });
  }
}
