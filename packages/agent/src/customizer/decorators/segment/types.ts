import type { ConditionTree, PlainConditionTree } from '@platform/datasource-toolkit';
import type { CollectionCustomizationContext } from '../../context/collection-customization-context';

/**
 * A segment: a static condition (`{ field, operator, value }`, a branch, or a `ConditionTree`), or
 * a function of the context returning one, evaluated on each request that uses the segment.
 *
 * @example { field: 'status', operator: 'Equal', value: 'live' }
 * @example async ({ caller }) => ({ field: 'ownerId', operator: 'Equal', value: caller.id })
 */
export type SegmentDefinition =
  | PlainConditionTree
  | ConditionTree
  | ((
      context: CollectionCustomizationContext,
    ) => PlainConditionTree | ConditionTree | Promise<PlainConditionTree | ConditionTree>);
