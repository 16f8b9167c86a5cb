import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSqlDataSource } from '@platform/datasource-sql';
import { createMariaDbDatabase, createPostgresDatabase } from '@platform/tooling/test-services';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { Client } from 'pg';
import { type AgentOptions, createAgent } from '../../src';
import { AUTH_SECRET, ENV_SECRET, signToken } from './tokens';

export type SqlKind = 'postgres' | 'mariadb' | 'sqlite';

export interface SqlAgent {
  /** `http://127.0.0.1:<port>/platform` */
  readonly baseUrl: string;
  /** `Authorization` header value of a valid user token. */
  readonly authorization: string;
  /** Where the agent wrote its schema file. */
  readonly schemaPath: string;
  /** The database the agent serves (`sqlite:<file>` for SQLite). */
  readonly databaseUri: string;
  /** Runs plain SQL on the database, around the agent, and returns the rows. */
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

interface RawDatabase {
  readonly uri: string;
  query<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

async function openDatabase(kind: SqlKind): Promise<RawDatabase> {
  switch (kind) {
    case 'postgres': {
      const database = await createPostgresDatabase('agent_i20');
      const client = new Client({ connectionString: database.uri });
      await client.connect();
      return {
        uri: database.uri,
        query: async <T>(sql: string) => (await client.query(sql)).rows as T[],
        close: async () => {
          await client.end();
          await database.drop();
        },
      };
    }
    case 'mariadb': {
      const database = await createMariaDbDatabase('agent_i20');
      const connection = await createConnection({ uri: database.uri, multipleStatements: false });
      return {
        uri: database.uri,
        query: async <T>(sql: string) => {
          const [rows] = await connection.query(sql);
          return (Array.isArray(rows) ? rows : []) as T[];
        },
        close: async () => {
          await connection.end();
          await database.drop();
        },
      };
    }
    case 'sqlite': {
      const dir = await mkdtemp(path.join(tmpdir(), 'agent-i20-'));
      const file = path.join(dir, 'test.db');
      const db = new Database(file);
      return {
        uri: `sqlite:${file}`,
        query: async <T>(sql: string) => {
          const statement = db.prepare(sql);
          if (statement.reader) return statement.all() as T[];
          statement.run();
          return [];
        },
        close: async () => {
          db.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    }
    default: {
      const unknown: never = kind;
      throw new Error(`Unknown kind ${String(unknown)}`);
    }
  }
}

/**
 * A database of `kind` built with `ddl`, served by an agent (datasource-sql) on a free port of
 * 127.0.0.1. The schema file goes to a temporary folder.
 */
export async function startSqlAgent(
  kind: SqlKind,
  ddl: readonly string[],
  options: Partial<AgentOptions> = {},
): Promise<SqlAgent> {
  const database = await openDatabase(kind);
  const dir = await mkdtemp(path.join(tmpdir(), 'agent-i20-schema-'));
  const schemaPath = path.join(dir, '.platform-schema.json');
  try {
    for (const statement of ddl) await database.query(statement);
    const agent = createAgent({
      authSecret: AUTH_SECRET,
      envSecret: ENV_SECRET,
      port: 0,
      offline: true,
      host: '127.0.0.1',
      schemaPath,
      logger: () => undefined,
      ...options,
    }).addDataSource(createSqlDataSource(database.uri));
    await agent.start();

    return {
      baseUrl: `http://127.0.0.1:${agent.standaloneServerPort}/platform`,
      authorization: `Bearer ${await signToken()}`,
      schemaPath,
      databaseUri: database.uri,
      query: (sql) => database.query(sql),
      close: async () => {
        await agent.stop();
        await database.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.close();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
