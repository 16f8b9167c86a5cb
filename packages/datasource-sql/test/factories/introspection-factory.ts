import type {
  IntrospectedColumn,
  IntrospectedForeignKey,
  IntrospectedTable,
  Introspection,
} from '../../src/introspection';

/** An integer column; override what the test is about. */
export function makeIntrospectedColumn(overrides: Partial<IntrospectedColumn> & { name: string }): IntrospectedColumn {
  return { sqlType: 'integer', columnType: 'Number', isNullable: false, isAutoIncrement: false, ...overrides };
}

/** A table with an auto-increment `id` primary key plus the given columns. */
export function makeTable(
  name: string,
  columns: IntrospectedColumn[] = [],
  overrides: Partial<IntrospectedTable> = {},
): IntrospectedTable {
  return {
    name,
    isView: false,
    columns: [makeIntrospectedColumn({ name: 'id', isAutoIncrement: true }), ...columns],
    primaryKey: ['id'],
    foreignKeys: [],
    uniqueConstraints: [],
    ...overrides,
  };
}

/** A single-column foreign key to `<table>.id`. */
export function makeForeignKey(
  column: string,
  referencedTable: string,
  referencedColumn = 'id',
): IntrospectedForeignKey {
  return { name: `${column}_fkey`, columns: [column], referencedTable, referencedColumns: [referencedColumn] };
}

export function makeIntrospection(tables: IntrospectedTable[], overrides: Partial<Introspection> = {}): Introspection {
  return { version: 1, dialect: 'postgres', schema: 'public', tables, ...overrides };
}
