import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

const CUSTOMERS = [
  ['Ada', 'Lovelace', 'ada@example.com', 'UK'],
  ['Grace', 'Hopper', 'grace@example.com', 'US'],
  ['Alan', 'Turing', 'alan@example.com', 'UK'],
  ['Katherine', 'Johnson', 'katherine@example.com', 'US'],
  ['Edsger', 'Dijkstra', 'edsger@example.com', 'NL'],
  ['Barbara', 'Liskov', 'barbara@example.com', 'US'],
  ['Donald', 'Knuth', 'donald@example.com', 'US'],
  ['Margaret', 'Hamilton', 'margaret@example.com', 'US'],
  ['Tim', 'Berners-Lee', 'tim@example.com', 'UK'],
  ['Radia', 'Perlman', 'radia@example.com', 'US'],
] as const;

const STATUSES = ['pending', 'paid', 'shipped', 'cancelled'] as const;

/**
 * The sample database: `customers` and `orders` (each order belongs to a customer). Created with
 * its rows the first time; an existing file is left as it is, so edits made through the agent stay.
 * Returns the file's path.
 */
export function ensureSampleDatabase(dataDir: string): string {
  const file = path.join(dataDir, 'example.sqlite');
  if (existsSync(file)) return file;

  mkdirSync(dataDir, { recursive: true });
  const db = new Database(file);
  try {
    db.exec(`
      CREATE TABLE customers (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE,
        country TEXT NOT NULL
      );
      CREATE TABLE orders (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        customer_id INTEGER NOT NULL REFERENCES customers(id),
        status TEXT NOT NULL,
        amount_cents INTEGER NOT NULL,
        ordered_on TEXT NOT NULL
      );
    `);
    const insertCustomer = db.prepare(
      'INSERT INTO customers (first_name, last_name, email, country) VALUES (?, ?, ?, ?)',
    );
    const insertOrder = db.prepare(
      'INSERT INTO orders (customer_id, status, amount_cents, ordered_on) VALUES (?, ?, ?, ?)',
    );
    db.transaction(() => {
      for (const customer of CUSTOMERS) insertCustomer.run(...customer);
      // Three orders per customer, with amounts and dates spread deterministically.
      for (let index = 0; index < CUSTOMERS.length * 3; index++) {
        const day = String((index % 28) + 1).padStart(2, '0');
        insertOrder.run((index % CUSTOMERS.length) + 1, STATUSES[index % 4], 1_000 + index * 735, `2026-10-${day}`);
      }
    })();
  } finally {
    db.close();
  }
  return file;
}
