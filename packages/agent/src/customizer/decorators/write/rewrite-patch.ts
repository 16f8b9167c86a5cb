import {
  type Caller,
  type Collection,
  type Filter,
  isColumn,
  type RecordData,
  ValidationError,
} from '@platform/datasource-toolkit';
import { createCollectionContext } from '../../context/collection-customization-context';
import { isPlainObject, mergePatches } from './merge-patches';
import type { WriteDefinition } from './types';

export interface RewriteOptions {
  readonly collection: Collection;
  readonly caller: Caller;
  readonly action: 'create' | 'update';
  /** The record or patch as the caller sent it, for the definitions' context. */
  readonly original: RecordData;
  readonly filter?: Filter;
  readonly definitionOf: (field: string) => WriteDefinition | undefined;
}

/**
 * Replaces each field of `record` that has a writing definition with the patch the definition
 * returns, recursively (a definition may return other replaced fields), and merges the results.
 * Relations' nested records are left to their own collection.
 * @throws ValidationError when a definition returns something else than an object, when
 *   definitions call each other in a cycle, or when two patches conflict.
 */
export async function rewritePatch(
  options: RewriteOptions,
  record: RecordData,
  visited: readonly string[] = [],
): Promise<RecordData> {
  const { collection } = options;
  const patches = await Promise.all(
    Object.entries(record).map(async ([key, value]): Promise<RecordData> => {
      const definition = options.definitionOf(key);
      if (!definition || !isColumn(collection.schema.fields[key])) return { [key]: value };
      if (visited.includes(key)) {
        throw new ValidationError(
          `The writing definitions of '${collection.name}' form a cycle: ${[...visited, key].join(' -> ')}.`,
        );
      }

      const context = Object.freeze({
        ...createCollectionContext(collection, options.caller),
        action: options.action,
        record: options.original,
        filter: options.filter,
      });
      const result = await definition(value, context);
      if (result === undefined || result === null) return {};
      if (!isPlainObject(result)) {
        throw new ValidationError(
          `The writing definition of '${collection.name}.${key}' must return a patch (an object of fields), got ${
            Array.isArray(result) ? 'an array' : typeof result
          }.`,
        );
      }

      // The field's own key is written as is (a definition may normalize its value).
      const { [key]: own, ...others } = result;
      const rewritten = await rewritePatch(options, others, [...visited, key]);

      return Object.hasOwn(result, key) ? mergePatches(collection.name, [{ [key]: own }, rewritten]) : rewritten;
    }),
  );

  return mergePatches(collection.name, patches);
}
