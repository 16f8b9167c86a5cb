import type { ConditionTree, PlainConditionTree } from '@platform/datasource-toolkit';
import type { CollectionCustomizationContext } from '../../context/collection-customization-context';

/**
 * Turns a search string into the condition tree it means (`replaceSearch`). Returning null adds
 * no condition: the search then matches every record of the rest of the filter.
 *
 * @param search the trimmed search string, never empty.
 * @param extended whether the user asked to also search the to-one relations (`searchExtended`).
 */
export type SearchDefinition = (
  search: string,
  extended: boolean,
  context: CollectionCustomizationContext,
) => ConditionTree | PlainConditionTree | null | Promise<ConditionTree | PlainConditionTree | null>;
