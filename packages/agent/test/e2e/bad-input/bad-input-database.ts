import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMariaDbDatabase, createPostgresDatabase } from '@platform/tooling/test-services';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { Client } from 'pg';

export type BadInputKind = 'postgres' | 'mariadb' | 'sqlite';

/** Rows of the `items` table seeded in every database of the suite. */
export const SEED_NAMES = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'] as const;

/** A seeded database of `kind` and a reader of its rows that goes around the agent. */
export interface BadInputDatabase {
  readonly uri: string;
  /** Every row of `items`, in id order, as text: compared before and after a refused request. */
  snapshot(): Promise<string>;
  close(): Promise<void>;
}

function ddl(kind: BadInputKind): string {
  const columns = {
    postgres: 'id SERIAL PRIMARY KEY, name VARCHAR(200) NOT NULL, doc JSONB, created_at TIMESTAMPTZ',
    mariadb: 'id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(200) NOT NULL, doc JSON, created_at DATETIME',
    sqlite: 'id INTEGER PRIMARY KEY, name VARCHAR(200) NOT NULL, doc JSON, created_at DATETIME',
  }[kind];

  return `CREATE TABLE items (${columns})`;
}

const SEED = `INSERT INTO items (name) VALUES ${SEED_NAMES.map((name) => `('${name}')`).join(', ')}`;
const SELECT_ALL = 'SELECT id, name, doc FROM items ORDER BY id';

/** Creates, seeds and opens a database of `kind`; `close` drops it. */
export async function openBadInputDatabase(kind: BadInputKind): Promise<BadInputDatabase> {
  if (kind === 'postgres') {
    const database = await createPostgresDatabase('agent_bad_input');
    const client = new Client({ connectionString: database.uri });
    await client.connect();
    await client.query(ddl(kind));
    await client.query(SEED);
    return {
      uri: database.uri,
      snapshot: async () => JSON.stringify((await client.query(SELECT_ALL)).rows),
      close: async () => {
        await client.end();
        await database.drop();
      },
    };
  }
  if (kind === 'mariadb') {
    const database = await createMariaDbDatabase('agent_bad_input');
    const connection = await createConnection({
      host: database.host,
      port: database.port,
      user: database.user,
      database: database.name,
    });
    await connection.query(ddl(kind));
    await connection.query(SEED);
    return {
      uri: database.uri,
      snapshot: async () => JSON.stringify((await connection.query(SELECT_ALL))[0]),
      close: async () => {
        await connection.end();
        await database.drop();
      },
    };
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'agent-bad-input-'));
  const file = path.join(dir, 'items.db');
  const db = new Database(file);
  db.exec(ddl(kind));
  db.exec(SEED);
  return {
    uri: `sqlite:${file}`,
    snapshot: async () => JSON.stringify(db.prepare(SELECT_ALL).all()),
    close: async () => {
      db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
