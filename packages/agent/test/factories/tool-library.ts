import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSqlDataSource } from '@platform/datasource-sql';
import type { DataSource } from '@platform/datasource-toolkit';
import { silentLogger } from '@platform/tooling/test-helpers';
import Database from 'better-sqlite3';
import { DataSourceCustomizer } from '../../src';

/** A SQLite library behind the customizer, as the MCP tools see it; `query` reads the database around the agent. */
export interface ToolLibrary {
  readonly dataSource: DataSource;
  query<T = Record<string, unknown>>(sql: string): T[];
  close(): Promise<void>;
}

const SCHEMA = [
  'CREATE TABLE authors (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL)',
  'CREATE TABLE books (id INTEGER PRIMARY KEY, title VARCHAR(200) NOT NULL, price INTEGER, ' +
    'author_id INTEGER REFERENCES authors(id))',
  'CREATE TABLE tags (id INTEGER PRIMARY KEY, label VARCHAR(50))',
  'CREATE TABLE book_tags (book_id INTEGER NOT NULL REFERENCES books(id), ' +
    'tag_id INTEGER NOT NULL REFERENCES tags(id), PRIMARY KEY (book_id, tag_id))',
];

const ROWS = [
  "INSERT INTO authors VALUES (1, 'Frank Herbert'), (2, 'Ursula Le Guin'), (3, 'Octavia Butler')",
  "INSERT INTO books VALUES (1, 'Dune', 10, 1), (2, 'The Dispossessed', 8, 2), (3, 'Children of Dune', 12, 1)",
  "INSERT INTO tags VALUES (1, 'sci-fi'), (2, 'classic'), (3, 'utopia')",
  'INSERT INTO book_tags VALUES (1, 1), (1, 2), (2, 3)',
];

/**
 * Authors, books (ManyToOne author, ManyToMany tags through book_tags, whose key is composite)
 * and tags in a fresh SQLite file, served by datasource-sql through the customizer, which
 * `customize` extends (actions, hooks, segments).
 */
export async function makeToolLibrary(
  customize: (customizer: DataSourceCustomizer) => void = () => {},
): Promise<ToolLibrary> {
  const dir = await mkdtemp(path.join(tmpdir(), 'agent-mcp-tools-'));
  const file = path.join(dir, 'library.db');
  const database = new Database(file);
  for (const statement of [...SCHEMA, ...ROWS]) database.exec(statement);

  const customizer = new DataSourceCustomizer().addDataSource(createSqlDataSource(`sqlite:${file}`));
  customize(customizer);
  const dataSource = await customizer.getDataSource(silentLogger);

  return {
    dataSource,
    query: <T>(sql: string) => database.prepare(sql).all() as T[],
    close: async () => {
      await dataSource.close();
      database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
