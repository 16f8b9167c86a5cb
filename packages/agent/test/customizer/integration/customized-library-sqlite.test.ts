import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqlDataSource } from '@platform/datasource-sql';
import Database from 'better-sqlite3';
import { LIBRARY_DDL, LIBRARY_ROWS, runCustomizedLibrarySuite } from './customized-library.case';

const directory = mkdtempSync(join(tmpdir(), 'agent-customizer-'));
const file = join(directory, 'library.db');
const database = new Database(file);
for (const statement of [...LIBRARY_DDL, ...LIBRARY_ROWS]) database.exec(statement);
database.close();

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('customized library over SQLite', () => {
  runCustomizedLibrarySuite(() => createSqlDataSource(`sqlite:${file}`));
});
