import type { CollectionCustomizer } from '@platform/agent';
import { type ColumnType, ValidationError } from '@platform/datasource-toolkit';
import { flattenedFieldName } from './field-name';
import { makeFoldingWriter } from './fold-writes';
import { getAt, listLeaves, type NestedShape } from './nested-shape';
import { type PathSelection, selectPaths } from './select-paths';

const UNSORTABLE: readonly unknown[] = ['Json', 'Point', 'Binary', 'File'];

export interface FlattenNestedOptions extends PathSelection {
  readonly plugin: string;
  readonly columnName: string;
  readonly shape: NestedShape;
  readonly level?: number;
  readonly isReadOnly: boolean;
}

/**
 * Adds one field per selected leaf of the column's nested value: computed from the column,
 * filtered and sorted in memory (no data source filters inside a nested value), written back into
 * the nested value unless read-only.
 * @returns the names of the added fields.
 */
export function flattenNested(collection: CollectionCustomizer, options: FlattenNestedOptions): string[] {
  const { plugin, columnName, shape, level = Number.POSITIVE_INFINITY, isReadOnly } = options;
  if (typeof level !== 'number' || !(level >= 1) || (Number.isFinite(level) && !Number.isInteger(level))) {
    throw new ValidationError(`${plugin}: 'level' must be a whole number of at least 1, got ${String(level)}.`);
  }

  const leaves = new Map(listLeaves(shape, level).map((leaf) => [leaf.path.join(':'), leaf]));
  const selected = selectPaths(plugin, [...leaves.keys()], options);
  if (selected.length === 0) {
    throw new ValidationError(`${plugin}: 'include' and 'exclude' leave no path of '${columnName}' to flatten.`);
  }

  const pathOf = new Map<string, readonly string[]>();
  for (const key of selected) {
    const leaf = leaves.get(key);
    if (leaf) pathOf.set(flattenedFieldName(columnName, leaf.path), leaf.path);
  }
  const writerFor = makeFoldingWriter(columnName, pathOf);

  for (const [name, path] of pathOf) {
    const columnType = leaves.get(path.join(':'))?.columnType as ColumnType;
    collection.addField(name, {
      columnType,
      dependencies: [columnName],
      getValues: (records) => records.map((record) => getAt(record[columnName], path)),
    });
    collection.emulateFieldFiltering(name);
    if (typeof columnType === 'string' && !UNSORTABLE.includes(columnType)) collection.emulateFieldSorting(name);
    if (!isReadOnly) collection.replaceFieldWriting(name, writerFor(name));
  }

  return [...pathOf.keys()];
}
