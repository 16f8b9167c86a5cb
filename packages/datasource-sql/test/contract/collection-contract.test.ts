import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeLibraryRecords, runCollectionContract } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import Database from 'better-sqlite3';
import { createSqlDataSource } from '../../src';

// The library of the toolkit's testing kit as SQLite tables: the SQL data source derives the
// same collections and relations (author, cover, reviews, tags through bookTags) from the keys.
const LIBRARY_SCHEMA = `
  CREATE TABLE authors (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL);
  CREATE TABLE books (
    id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, isbn TEXT, publishedAt DATETIME, price REAL, status TEXT,
    authorId INTEGER REFERENCES authors (id)
  );
  CREATE TABLE covers (id INTEGER PRIMARY KEY AUTOINCREMENT, url TEXT, bookId INTEGER UNIQUE REFERENCES books (id));
  CREATE TABLE reviews (id INTEGER PRIMARY KEY AUTOINCREMENT, rating INTEGER, bookId INTEGER REFERENCES books (id));
  CREATE TABLE tags (id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT);
  CREATE TABLE bookTags (
    bookId INTEGER NOT NULL REFERENCES books (id), tagId INTEGER NOT NULL REFERENCES tags (id),
    PRIMARY KEY (bookId, tagId)
  );
  CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT);
`;

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'sql-collection-contract-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

let count = 0;
function makeLibraryDatabase(): string {
  count += 1;
  const filename = join(directory, `library-${count}.db`);
  const database = new Database(filename);
  try {
    database.exec(LIBRARY_SCHEMA);
    for (const [table, rows] of Object.entries(makeLibraryRecords())) {
      for (const row of rows) {
        const columns = Object.keys(row);
        const insert = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
        database.prepare(insert).run(...columns.map((column) => row[column] ?? null));
      }
    }
  } finally {
    database.close();
  }

  return filename;
}

describe('SQL collections on SQLite', () => {
  runCollectionContract({
    makeDataSource: () => createSqlDataSource({ dialect: 'sqlite', filename: makeLibraryDatabase() })(silentLogger),
  });
});
