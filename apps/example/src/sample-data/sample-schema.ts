import { ORDER_STATUSES } from '../order-status';
import { CATEGORIES } from './sample-words';

/**
 * Stored in the file's `PRAGMA user_version`. A file of another version (0: the first sample, with
 * customers and orders only) is set aside and regenerated. Bump it whenever the tables or the
 * generated rows change.
 */
export const SAMPLE_SCHEMA_VERSION = 1;

const inList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

// The CHECK (... IN (...)) lists make `status` and `category` Enum fields for the agent. Indexes
// back the foreign keys, which every relation, computed total and chart reads through.
export const SAMPLE_TABLES = `
  CREATE TABLE customers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE,
    address JSON NOT NULL CHECK (json_valid(address)),
    signed_up_on DATE NOT NULL
  );
  CREATE TABLE products (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sku TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    category TEXT NOT NULL CHECK (category IN (${inList(CATEGORIES.map((entry) => entry.category))})),
    price_cents INTEGER NOT NULL
  );
  CREATE TABLE orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    status TEXT NOT NULL CHECK (status IN (${inList(ORDER_STATUSES)})),
    ordered_at DATETIME NOT NULL
  );
  CREATE TABLE order_items (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    product_id INTEGER NOT NULL REFERENCES products(id),
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    unit_price_cents INTEGER NOT NULL
  );
`;

export const SAMPLE_INDEXES = `
  CREATE INDEX orders_customer_id ON orders (customer_id);
  CREATE INDEX orders_status ON orders (status);
  CREATE INDEX order_items_order_id ON order_items (order_id);
  CREATE INDEX order_items_product_id ON order_items (product_id);
`;
