import type { ConditionTree, PlainConditionTree } from '@platform/datasource-toolkit';
import type { CollectionCustomizationContext } from '../../context/collection-customization-context';

/**
 * Rewrites `field operator value` into a condition the collection can run (`replaceFieldOperator`).
 *
 * @example
 * // fullName Equal 'Ada Lovelace' → firstName Equal 'Ada' And lastName Equal 'Lovelace'
 * (value) => ({ aggregator: 'And', conditions: [
 *   { field: 'firstName', operator: 'Equal', value: String(value).split(' ')[0] },
 *   { field: 'lastName', operator: 'Equal', value: String(value).split(' ')[1] },
 * ] })
 */
export type OperatorReplacer = (
  value: unknown,
  context: CollectionCustomizationContext,
) => ConditionTree | PlainConditionTree | Promise<ConditionTree | PlainConditionTree>;
