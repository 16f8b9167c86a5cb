import type { Logger } from '@platform/datasource-toolkit';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { connectionFailure } from '../../connection/connection-failure';
import { loadDriver } from '../../connection/load-driver';
import { queryLog } from '../../connection/query-log';
import type { ResolvedSqliteOptions } from '../../connection/resolved-connection-options';
import type { SqlDatabase } from '../../connection/sql-connection';
import type { DialectConnection } from '../sql-dialect';

const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/** Opens a better-sqlite3 database behind Kysely. @internal */
export async function connectSqlite(options: ResolvedSqliteOptions, logger: Logger): Promise<DialectConnection> {
  const Database = await loadDriver('better-sqlite3');
  const target = { label: `SQLite file ${options.filename}`, database: options.filename, username: undefined };
  let database: import('better-sqlite3').Database;
  try {
    // Never create an empty file on a typo: an existing database is required (but `:memory:`).
    database = new Database(options.filename, {
      fileMustExist: options.filename !== ':memory:',
      // SQLite has no statement timeout: the setting bounds the wait for a locked database.
      timeout: options.statementTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS,
    });
    database.pragma('foreign_keys = ON');
  } catch (error) {
    throw connectionFailure(error, target);
  }
  const db: SqlDatabase = new Kysely({ dialect: new SqliteDialect({ database }), log: queryLog(logger) });
  try {
    const { rows } = await sql<{ version: string }>`select sqlite_version() as version`.execute(db);
    return { db, flavor: 'sqlite', serverVersion: rows[0]?.version ?? 'unknown' };
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw connectionFailure(error, target);
  }
}
