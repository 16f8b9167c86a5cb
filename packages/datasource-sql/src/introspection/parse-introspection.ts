import { type ColumnType, PRIMITIVE_TYPES, parseWithZod } from '@platform/datasource-toolkit';
import { z } from 'zod';
import type { Introspection } from './introspection';

const columnTypeSchema: z.ZodType<ColumnType> = z.lazy(() =>
  z.union([z.enum(PRIMITIVE_TYPES), z.tuple([columnTypeSchema]), z.record(z.string(), columnTypeSchema)]),
);
const nameSchema = z.string().min(1);

const columnSchema = z.strictObject({
  name: nameSchema,
  sqlType: z.string(),
  columnType: columnTypeSchema.nullable(),
  isNullable: z.boolean(),
  defaultValue: z.unknown().optional(),
  hasDefaultExpression: z.boolean().optional(),
  isAutoIncrement: z.boolean(),
  enumValues: z.array(z.string()).optional(),
  isUnique: z.boolean().optional(),
  isGenerated: z.boolean().optional(),
  numericKind: z.enum(['integer', 'bigint', 'decimal', 'float']).optional(),
});

const foreignKeySchema = z
  .strictObject({
    name: z.string(),
    columns: z.array(nameSchema).min(1),
    referencedTable: nameSchema,
    referencedColumns: z.array(nameSchema).min(1),
    referencedSchema: nameSchema.optional(),
  })
  .refine((fk) => fk.columns.length === fk.referencedColumns.length, {
    message: 'columns and referencedColumns must have the same length',
    path: ['referencedColumns'],
  });

const tableSchema = z
  .strictObject({
    name: nameSchema,
    isView: z.boolean(),
    columns: z.array(columnSchema).min(1),
    primaryKey: z.array(nameSchema),
    foreignKeys: z.array(foreignKeySchema),
    uniqueConstraints: z.array(z.array(nameSchema).min(1)),
  })
  .superRefine((table, context) => {
    const names = new Set(table.columns.map((column) => column.name));
    const check = (columns: string[], path: (string | number)[]) => {
      for (const column of columns) {
        if (!names.has(column)) context.addIssue({ code: 'custom', path, message: `unknown column "${column}"` });
      }
    };
    check(table.primaryKey, ['primaryKey']);
    for (const [index, fk] of table.foreignKeys.entries()) check(fk.columns, ['foreignKeys', index, 'columns']);
    for (const [index, columns] of table.uniqueConstraints.entries()) check(columns, ['uniqueConstraints', index]);
  });

const introspectionSchema = z.strictObject({
  version: z.literal(1),
  dialect: z.enum(['postgres', 'mysql', 'sqlite']),
  schema: nameSchema.optional(),
  tables: z.array(tableSchema),
});

/**
 * Validates an introspection that was serialised (stored as JSON, sent over the network).
 * @throws ValidationError naming every bad field, such as `tables.2.columns.0.isNullable`.
 *
 * @example parseIntrospection(JSON.parse(await readFile('introspection.json', 'utf8')))
 */
export function parseIntrospection(json: unknown): Introspection {
  return parseWithZod(introspectionSchema, json, 'introspection') as Introspection;
}
