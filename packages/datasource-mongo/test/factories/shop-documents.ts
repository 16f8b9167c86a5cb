import type { MongoDocument } from '@platform/datasource-mongo';
import { createMongoDataSource, type MongoDataSourceOptions } from '@platform/datasource-mongo';
import { silentLogger } from '@platform/tooling/test-helpers';
import { ObjectId } from 'mongodb';
import { MingoClient } from '../mingo/mingo-client';

export const ADA = new ObjectId('65a000000000000000000001');
export const GRACE = new ObjectId('65a000000000000000000002');
export const ORDER_1 = new ObjectId('65b000000000000000000001');
export const ORDER_2 = new ObjectId('65b000000000000000000002');
export const ORDER_3 = new ObjectId('65b000000000000000000003');
/** An ObjectId no document has. */
export const DANGLING = new ObjectId('65c000000000000000000009');

/**
 * A small shop with ObjectId references: customers (a nested address, tags), orders pointing at
 * customers with an array of line objects, and notes pointing at nothing that exists.
 */
export function makeShopDocuments(
  overrides: Partial<Record<string, MongoDocument[]>> = {},
): Record<string, MongoDocument[]> {
  return {
    customers: [
      {
        _id: ADA,
        name: 'Ada',
        email: 'ada@example.com',
        address: { city: 'London', zip: 'N1' },
        tags: ['vip', 'early'],
      },
      { _id: GRACE, name: 'Grace', email: '', address: { city: 'Arlington', zip: '22201' }, tags: [] },
    ],
    orders: [
      {
        _id: ORDER_1,
        customerId: ADA,
        total: 30,
        status: 'paid',
        placedAt: new Date('2026-03-31T22:30:00Z'),
        lines: [
          { sku: 'PEN', qty: 2 },
          { sku: 'INK', qty: 1 },
        ],
      },
      {
        _id: ORDER_2,
        customerId: ADA,
        total: 12.5,
        status: 'open',
        placedAt: new Date('2026-04-02T10:00:00Z'),
        lines: [],
      },
      {
        _id: ORDER_3,
        customerId: GRACE,
        total: 99,
        status: 'paid',
        placedAt: new Date('2026-01-15T08:00:00Z'),
        lines: [{ sku: 'BOOK', qty: 3 }],
      },
    ],
    notes: [{ _id: new ObjectId('65d000000000000000000001'), refId: DANGLING, text: 'lost' }],
    ...overrides,
  } as Record<string, MongoDocument[]>;
}

/** A shop data source over a fresh mingo client, and the client (for its call log and documents). */
export async function makeShopDataSource(
  options: Omit<MongoDataSourceOptions, 'client'> = {},
  documents: Record<string, MongoDocument[]> = makeShopDocuments(),
) {
  const client = new MingoClient('shop', documents);
  const dataSource = await createMongoDataSource('mongodb://unused/shop', { ...options, client })(silentLogger);

  return { client, dataSource };
}
