import type { CollectionSchema, FieldSchema, Logger } from '@platform/datasource-toolkit';
import { validationErrorFromIssues } from '@platform/datasource-toolkit';
import type { IntrospectedTable, Introspection } from '../introspection/introspection';
import { buildColumnSchema } from './build-column-schema';
import { buildRelations, type ExposedTable } from './build-relations';

export interface BuildCollectionSchemasOptions {
  /** Only these tables and views become collections. */
  readonly include?: readonly string[];
  /** These tables and views do not become collections (applied after `include`). */
  readonly exclude?: readonly string[];
  /**
   * Primary key to expose a view, or a table without primary key, with (overrides an existing
   * one). Without it, such a table or view is skipped with a warning.
   * @example { published_books: ['id'] }
   */
  readonly primaryKeys?: Readonly<Record<string, readonly string[]>>;
  /** Receives a warning per skipped table, view or composite foreign key. */
  readonly logger?: Logger;
}

/**
 * One toolkit `CollectionSchema` per exposed table and view, named after it, with relations
 * derived from foreign keys (see `buildRelations` for the naming rules).
 *
 * @throws ValidationError when `include`, `exclude` or `primaryKeys` name a table or column that
 * does not exist (the message lists those that do).
 *
 * @example
 * const schemas = buildCollectionSchemas(introspection, { exclude: ['migrations'], primaryKeys: { published_books: ['id'] } });
 */
export function buildCollectionSchemas(
  introspection: Introspection,
  options: BuildCollectionSchemasOptions = {},
): Record<string, CollectionSchema> {
  const logger = options.logger ?? (() => undefined);
  assertKnownNames(introspection.tables, options);
  const exposed = selectTables(introspection.tables, options, logger);
  const relations = buildRelations(exposed, logger);

  const schemas: Record<string, CollectionSchema> = {};
  for (const { table, primaryKey } of exposed) {
    const fields: Record<string, FieldSchema> = {};
    for (const column of table.columns) {
      fields[column.name] = buildColumnSchema(column, {
        isView: table.isView,
        isPrimaryKey: primaryKey.includes(column.name),
        dialect: introspection.dialect,
      });
    }
    Object.assign(fields, relations.get(table.name));
    schemas[table.name] = { fields, actions: {}, segments: [], charts: [], countable: true, searchable: false };
  }
  return schemas;
}

function selectTables(
  tables: readonly IntrospectedTable[],
  options: BuildCollectionSchemasOptions,
  logger: Logger,
): ExposedTable[] {
  const exposed: ExposedTable[] = [];
  for (const table of tables) {
    if (options.include !== undefined && !options.include.includes(table.name)) continue;
    if (options.exclude?.includes(table.name)) continue;
    const primaryKey = options.primaryKeys?.[table.name] ?? table.primaryKey;
    if (primaryKey.length === 0) {
      const kind = table.isView ? 'View' : 'Table';
      logger(
        'Warn',
        `${kind} "${table.name}" has no primary key, so its records cannot be addressed: it is skipped. ` +
          `To expose it, pass primaryKeys: { ${table.name}: ['<unique column>'] }.`,
      );
      continue;
    }
    exposed.push({ table, primaryKey });
  }
  return exposed;
}

function assertKnownNames(tables: readonly IntrospectedTable[], options: BuildCollectionSchemasOptions): void {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const issues: { path: string; message: string }[] = [];
  const known = [...byName.keys()].join(', ');
  for (const key of ['include', 'exclude'] as const) {
    options[key]?.forEach((name, index) => {
      if (!byName.has(name))
        issues.push({ path: `${key}.${index}`, message: `no table or view "${name}" (known: ${known})` });
    });
  }
  for (const [name, columns] of Object.entries(options.primaryKeys ?? {})) {
    const table = byName.get(name);
    if (table === undefined) {
      issues.push({ path: `primaryKeys.${name}`, message: `no table or view "${name}" (known: ${known})` });
      continue;
    }
    if (columns.length === 0) issues.push({ path: `primaryKeys.${name}`, message: 'must name at least one column' });
    for (const column of columns) {
      if (!table.columns.some((c) => c.name === column)) {
        const existing = table.columns.map((c) => c.name).join(', ');
        issues.push({ path: `primaryKeys.${name}`, message: `no column "${column}" (columns: ${existing})` });
      }
    }
  }
  if (issues.length === 0) return;
  throw validationErrorFromIssues('collection options', issues);
}
