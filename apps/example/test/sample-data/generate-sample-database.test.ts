import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { generateSampleDatabase, SAMPLE_PAID_ORDER_ID } from '../../src/sample-data/generate-sample-database';
import { SAMPLE_SCHEMA_VERSION } from '../../src/sample-data/sample-schema';

describe('generateSampleDatabase', () => {
  let dir: string;
  let file: string;
  let db: Database.Database;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'platform-sample-'));
    file = path.join(dir, 'first.sqlite');
    generateSampleDatabase(file);
    db = new Database(file, { readonly: true });
  });
  afterAll(async () => {
    db.close();
    await rm(dir, { recursive: true, force: true });
  });

  const rows = <T>(sql: string) => db.prepare(sql).all() as T[];
  const value = (sql: string) => Object.values(db.prepare(sql).get() as Record<string, unknown>)[0];

  test('writes exactly 2,000 customers, 200 products, 30,000 orders and 75,249 items', () => {
    const counts = ['customers', 'products', 'orders', 'order_items'].map((table) =>
      value(`SELECT COUNT(*) FROM ${table}`),
    );

    expect(counts).toEqual([2_000, 200, 30_000, 75_249]);
  });

  test('writes the same bytes every time', async () => {
    const second = path.join(dir, 'second.sqlite');

    generateSampleDatabase(second);

    const hash = async (target: string) =>
      createHash('sha256')
        .update(await readFile(target))
        .digest('hex');
    expect(await hash(second)).toBe(await hash(file));
  });

  test('marks the file with the schema version', () => {
    expect(value('PRAGMA user_version')).toBe(SAMPLE_SCHEMA_VERSION);
  });

  test('makes the sample paid order paid, and uses every status', () => {
    const statuses = rows<{ status: string; count: number }>(
      'SELECT status, COUNT(*) AS count FROM orders GROUP BY status ORDER BY status',
    );

    expect(value(`SELECT status FROM orders WHERE id = ${SAMPLE_PAID_ORDER_ID}`)).toBe('paid');
    expect(statuses.map((row) => row.status)).toEqual(['cancelled', 'paid', 'pending', 'shipped']);
    expect(statuses.every((row) => row.count > 0)).toBe(true);
  });

  test('gives every order one to four items, priced as their product', () => {
    const sizes = rows<{ items: number }>('SELECT COUNT(*) AS items FROM order_items GROUP BY order_id');
    const mispriced = value(
      'SELECT COUNT(*) FROM order_items JOIN products ON products.id = product_id WHERE unit_price_cents <> price_cents',
    );

    expect(sizes).toHaveLength(30_000);
    expect(new Set(sizes.map((row) => row.items))).toEqual(new Set([1, 2, 3, 4]));
    expect(mispriced).toBe(0);
  });

  test('gives every customer a JSON address with street, city, zip and country', () => {
    const addresses = rows<{ address: string }>('SELECT address FROM customers').map((row) => JSON.parse(row.address));

    expect(addresses).toHaveLength(2_000);
    for (const address of addresses) {
      expect(Object.keys(address)).toEqual(['street', 'city', 'zip', 'country']);
      expect(Object.values(address).every((part) => typeof part === 'string' && part !== '')).toBe(true);
    }
  });
});
