import type { IntrospectedColumn, IntrospectedTable, Introspection } from '@platform/datasource-sql';

const column = (name: string, overrides: Partial<IntrospectedColumn> = {}): IntrospectedColumn => ({
  name,
  sqlType: 'text',
  columnType: 'String',
  isNullable: true,
  isAutoIncrement: false,
  ...overrides,
});

const id = column('id', { sqlType: 'integer', columnType: 'Number', isNullable: false, isAutoIncrement: true });

/** `customers (id, name)` and `orders (id, amount, customer_id → customers)`, as PostgreSQL introspection reads them. */
export function shopIntrospection(overrides: Partial<Introspection> = {}): Introspection {
  const customers: IntrospectedTable = {
    name: 'customers',
    isView: false,
    columns: [id, column('name', { isNullable: false })],
    primaryKey: ['id'],
    foreignKeys: [],
    uniqueConstraints: [],
  };
  const orders: IntrospectedTable = {
    name: 'orders',
    isView: false,
    columns: [
      id,
      column('amount', { sqlType: 'integer', columnType: 'Number' }),
      column('customer_id', { sqlType: 'integer', columnType: 'Number' }),
    ],
    primaryKey: ['id'],
    foreignKeys: [
      { name: 'orders_customer_fk', columns: ['customer_id'], referencedTable: 'customers', referencedColumns: ['id'] },
    ],
    uniqueConstraints: [],
  };
  return { version: 1, dialect: 'postgres', schema: 'public', tables: [customers, orders], ...overrides };
}
