import Database from 'better-sqlite3';
import type { OrderStatus } from '../order-status';
import { SAMPLE_INDEXES, SAMPLE_SCHEMA_VERSION, SAMPLE_TABLES } from './sample-schema';
import { CATEGORIES, CITIES, FIRST_NAMES, LAST_NAMES, PRODUCT_ADJECTIVES, STREET_NAMES } from './sample-words';
import { createSeededRandom, type SeededRandom } from './seeded-random';

export const SAMPLE_SIZES = { customers: 2_000, products: 200, orders: 30_000 } as const;

/** The order that is always `paid`, whatever the draw: the quickstart's sample workflow ships it. */
export const SAMPLE_PAID_ORDER_ID = 1;

const SEED = 35;
const DAY_MS = 86_400_000;
// Fixed dates, not relative to today: the same seed must give the same file on any day.
const FIRST_ORDER_AT = Date.UTC(2024, 10, 1);
const LAST_ORDER_AT = Date.UTC(2026, 10, 1);

/**
 * Writes the sample database to `file`, which must not exist: 2,000 customers with a JSON
 * address, 200 products, 30,000 orders and their items (1 to 4 each), drawn from a seeded
 * generator, so that every run writes the same bytes. One transaction of prepared statements;
 * indexes are built after the rows, which is faster than maintaining them on each insert.
 */
export function generateSampleDatabase(file: string): void {
  const db = new Database(file);
  try {
    // Nothing to recover from on a crash: the caller writes to a temporary file and renames it.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.exec(SAMPLE_TABLES);
    const random = createSeededRandom(SEED);
    db.transaction(() => {
      insertCustomers(db, random);
      const prices = insertProducts(db, random);
      insertOrders(db, random, prices);
    })();
    db.exec(SAMPLE_INDEXES);
    db.pragma(`user_version = ${SAMPLE_SCHEMA_VERSION}`);
  } finally {
    db.close();
  }
}

function insertCustomers(db: Database.Database, random: SeededRandom): void {
  const insert = db.prepare(
    'INSERT INTO customers (first_name, last_name, email, address, signed_up_on) VALUES (?, ?, ?, ?, ?)',
  );
  for (let id = 1; id <= SAMPLE_SIZES.customers; id++) {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const place = random.pick(CITIES);
    const address = {
      street: `${random.integer(1, 240)} ${random.pick(STREET_NAMES)}`,
      city: place.city,
      zip: place.zip.replace(/#/g, () => String(random.integer(0, 9))),
      country: place.country,
    };
    const signedUpOn = new Date(FIRST_ORDER_AT - random.integer(1, 3 * 365) * DAY_MS).toISOString().slice(0, 10);
    insert.run(firstName, lastName, email(firstName, lastName, id), JSON.stringify(address), signedUpOn);
  }
}

/** Inserts the products; returns their prices in cents, by id. */
function insertProducts(db: Database.Database, random: SeededRandom): Map<number, number> {
  const insert = db.prepare('INSERT INTO products (sku, name, category, price_cents) VALUES (?, ?, ?, ?)');
  const prices = new Map<number, number>();
  for (let index = 0; index < SAMPLE_SIZES.products; index++) {
    const { category, nouns, cents } = CATEGORIES[index % CATEGORIES.length] as (typeof CATEGORIES)[number];
    // Each category's nth product gets the nth adjective-noun pair: names never repeat.
    const rank = Math.floor(index / CATEGORIES.length);
    const adjective = PRODUCT_ADJECTIVES[rank % PRODUCT_ADJECTIVES.length];
    const noun = nouns[Math.floor(rank / PRODUCT_ADJECTIVES.length) % nouns.length];
    const price = Math.round(random.integer(cents[0], cents[1]) / 100) * 100 - 1;
    const sku = `${category.slice(0, 3).toUpperCase()}-${String(index + 1).padStart(4, '0')}`;
    insert.run(sku, `${adjective} ${noun}`, category, price);
    prices.set(index + 1, price);
  }
  return prices;
}

function insertOrders(db: Database.Database, random: SeededRandom, prices: ReadonlyMap<number, number>): void {
  const insertOrder = db.prepare('INSERT INTO orders (customer_id, status, ordered_at) VALUES (?, ?, ?)');
  const insertItem = db.prepare(
    'INSERT INTO order_items (order_id, product_id, quantity, unit_price_cents) VALUES (?, ?, ?, ?)',
  );
  // Ids grow with time, as in a shop's database.
  const times = Array.from(
    { length: SAMPLE_SIZES.orders },
    () => Math.floor((FIRST_ORDER_AT + random.next() * (LAST_ORDER_AT - FIRST_ORDER_AT)) / 60_000) * 60_000,
  ).sort((a, b) => a - b);

  times.forEach((time, index) => {
    const orderId = index + 1;
    // Squared: a few customers order often, many rarely, as in a real shop.
    const customerId = 1 + Math.floor(random.next() ** 2 * SAMPLE_SIZES.customers);
    const status = orderId === SAMPLE_PAID_ORDER_ID ? 'paid' : drawStatus(random, LAST_ORDER_AT - time);
    insertOrder.run(customerId, status, new Date(time).toISOString());

    const productIds = new Set<number>();
    const itemCount = random.integer(1, 4);
    while (productIds.size < itemCount) productIds.add(random.integer(1, SAMPLE_SIZES.products));
    for (const productId of productIds) {
      const quantity = random.pick([1, 1, 1, 1, 1, 1, 1, 2, 2, 3]);
      insertItem.run(orderId, productId, quantity, prices.get(productId));
    }
  });
}

/** Recent orders are still pending or paid; older ones were mostly shipped. */
function drawStatus(random: SeededRandom, ageMs: number): OrderStatus {
  const draw = random.next();
  if (ageMs < 10 * DAY_MS) return draw < 0.5 ? 'pending' : draw < 0.9 ? 'paid' : 'cancelled';
  return draw < 0.86 ? 'shipped' : draw < 0.93 ? 'cancelled' : draw < 0.97 ? 'paid' : 'pending';
}

/** `chloé.müller.12@example.com` → `chloe.muller.12@example.com`: ASCII, unique by id. */
function email(firstName: string, lastName: string, id: number): string {
  const ascii = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
  return `${ascii(firstName)}.${ascii(lastName)}.${id}@example.com`;
}
