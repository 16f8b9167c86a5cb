import Database from 'better-sqlite3';

/** A sample file as the first version of the example wrote it: 10 customers, 30 orders, user_version 0. */
export function writeFirstSample(file: string): void {
  const db = new Database(file);
  db.exec(`
    CREATE TABLE customers (
      id INTEGER PRIMARY KEY AUTOINCREMENT, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
      email TEXT NOT NULL UNIQUE, country TEXT NOT NULL
    );
    CREATE TABLE orders (
      id INTEGER PRIMARY KEY AUTOINCREMENT, customer_id INTEGER NOT NULL REFERENCES customers(id),
      status TEXT NOT NULL, amount_cents INTEGER NOT NULL, ordered_on TEXT NOT NULL
    );
  `);
  const insertCustomer = db.prepare(
    'INSERT INTO customers (first_name, last_name, email, country) VALUES (?, ?, ?, ?)',
  );
  const insertOrder = db.prepare(
    'INSERT INTO orders (customer_id, status, amount_cents, ordered_on) VALUES (?, ?, ?, ?)',
  );
  for (let index = 1; index <= 10; index++)
    insertCustomer.run('Ada', `Lovelace ${index}`, `ada${index}@example.com`, 'UK');
  for (let index = 0; index < 30; index++) insertOrder.run((index % 10) + 1, 'pending', 1_000 + index, '2026-10-01');
  db.close();
}
