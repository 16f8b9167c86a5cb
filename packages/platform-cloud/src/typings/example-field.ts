import type { Introspection } from '@platform/datasource-sql';
import type { ExampleField } from '../project/templates';

/**
 * A collection and column for the example in a new project's `src/index.ts`: the first table
 * (by name) with a primary key, and its first text column (else its first column).
 */
export function exampleField(introspection: Introspection): ExampleField | undefined {
  const table = [...introspection.tables]
    .filter((candidate) => candidate.primaryKey.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name))[0];
  if (!table) return undefined;
  const column = table.columns.find((candidate) => candidate.columnType === 'String') ?? table.columns[0];
  return column ? { collection: table.name, column: column.name } : undefined;
}
