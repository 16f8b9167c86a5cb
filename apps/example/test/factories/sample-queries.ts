import Database from 'better-sqlite3';
import type { OrderStatus } from '../../src/order-status';

/** Read-only questions to the sample file, asked beside the agent to check its answers. */
export interface SampleQueries {
  count(sql: string, ...params: unknown[]): number;
  /** The id of the first order of `status` (in id order), skipping `skip` of them. */
  orderWithStatus(status: OrderStatus, skip?: number): number;
  orderStatus(id: number): string;
  /** Σ quantity × unit price of an order's items, in currency units. */
  orderTotal(id: number): number;
  customerAddress(id: number): Record<string, string>;
  close(): void;
}

export function openSampleQueries(file: string): SampleQueries {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const value = (sql: string, ...params: unknown[]) =>
    Object.values(db.prepare(sql).get(...params) as Record<string, unknown>)[0];

  return {
    count: (sql, ...params) => Number(value(sql, ...params)),
    orderWithStatus: (status, skip = 0) =>
      Number(value('SELECT id FROM orders WHERE status = ? ORDER BY id LIMIT 1 OFFSET ?', status, skip)),
    orderStatus: (id) => String(value('SELECT status FROM orders WHERE id = ?', id)),
    orderTotal: (id) =>
      Number(value('SELECT SUM(quantity * unit_price_cents) FROM order_items WHERE order_id = ?', id)) / 100,
    customerAddress: (id) => JSON.parse(String(value('SELECT address FROM customers WHERE id = ?', id))),
    close: () => db.close(),
  };
}
