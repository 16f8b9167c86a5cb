import type { ColumnType, RecordData } from '@platform/datasource-toolkit';
import type { CollectionCustomizationContext } from '../../context/collection-customization-context';

/**
 * A computed field (spec §2.5, `addField`).
 *
 * `getValues` receives the records of one page, each holding only the `dependencies`, with
 * duplicates removed (two records with the same dependency values are computed once). It returns
 * one value per record it was given, in the same order; the values may be promises.
 *
 * @example
 * collection.addField('fullName', {
 *   columnType: 'String',
 *   dependencies: ['firstName', 'lastName'],
 *   getValues: (records) => records.map((record) => `${record.firstName} ${record.lastName}`),
 * });
 */
export interface ComputedDefinition<Dependency extends string = string, Row extends object = RecordData> {
  readonly columnType: ColumnType;
  /** Fields the computation reads: columns, other computed fields, or `relation:field` paths. */
  readonly dependencies: readonly Dependency[];
  /** Records hold only the dependencies: columns, and to-one relations as nested records. */
  readonly getValues: (
    records: Row[],
    context: CollectionCustomizationContext,
  ) => readonly unknown[] | Promise<readonly unknown[]>;
  readonly defaultValue?: unknown;
  /** The allowed values, required when `columnType` is `Enum`. */
  readonly enumValues?: readonly string[];
}
