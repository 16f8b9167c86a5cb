import type { Filter, RecordData } from '@platform/datasource-toolkit';
import type { CollectionCustomizationContext } from '../../context/collection-customization-context';

/** What a writing definition receives besides the value. */
export interface WriteCustomizationContext extends CollectionCustomizationContext {
  readonly action: 'create' | 'update';
  /** The whole record being created, or the whole patch of an update, as the caller sent it. */
  readonly record: RecordData;
  /** The records an update targets; undefined on create. */
  readonly filter?: Filter;
}

/**
 * How a value written to a field becomes a patch of other fields (`replaceFieldWriting`): the
 * patch may name columns and, through to-one relations, fields of related records
 * (`{ author: { name } }`). The field's own key in the patch is written as is; other replaced
 * fields in it are replaced in turn. Returning undefined or null writes nothing.
 *
 * @example
 * collection.replaceFieldWriting('fullName', (value) => {
 *   const [firstName, lastName] = String(value).split(' ');
 *   return { firstName, lastName };
 * });
 */
export type WriteDefinition = (
  value: unknown,
  context: WriteCustomizationContext,
) => RecordData | null | undefined | Promise<RecordData | null | undefined>;
