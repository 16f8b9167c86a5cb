import { sql } from 'kysely';
import { type Introspection, introspect, openConnection, type SqlConnection } from '../../../src';

describe('SQLite introspection', () => {
  let connection: SqlConnection;
  let introspection: Introspection;
  const table = (name: string) => introspection.tables.find((t) => t.name === name);
  const column = (tableName: string, name: string) => table(tableName)?.columns.find((c) => c.name === name);

  beforeAll(async () => {
    connection = await openConnection('sqlite::memory:');
    for (const statement of [
      `create table owners (code text primary key, name text not null)`,
      `create table pets (
        id integer primary key,
        owner_code text references owners,
        kind text not null check (kind in ('cat', 'dog', 'it''s')),
        size text check (size in (1, 2)),
        note text default 'it''s',
        weight real default -1.5,
        is_good boolean default true,
        born_at datetime default (datetime('now')),
        anything,
        unique (owner_code, note)
      )`,
      `create table tokens (id integer primary key, value text) without rowid`,
      `create table counters (id int primary key, total integer)`,
      `create unique index pets_lower_note on pets (lower(note))`,
    ]) {
      await sql.raw(statement).execute(connection.db);
    }
    introspection = await introspect(connection.db, connection.dialect);
  });
  afterAll(() => connection.close());

  test('introspects an in-memory database without a schema', () => {
    expect(introspection).toMatchObject({ version: 1, dialect: 'sqlite' });
    expect(introspection).not.toHaveProperty('schema');
  });

  test('treats only INTEGER PRIMARY KEY of a rowid table as auto-increment', () => {
    expect(column('pets', 'id')).toMatchObject({ isAutoIncrement: true, isNullable: false });
    expect(column('tokens', 'id')?.isAutoIncrement).toBe(false);
    expect(column('counters', 'id')?.isAutoIncrement).toBe(false);
  });

  test('points a foreign key without column at the referenced primary key', () => {
    expect(table('pets')?.foreignKeys).toEqual([
      { name: 'pets_owner_code_fkey', columns: ['owner_code'], referencedTable: 'owners', referencedColumns: ['code'] },
    ]);
  });

  test('reads a CHECK IN list of strings as enum values, and ignores other lists', () => {
    expect(column('pets', 'kind')).toMatchObject({ columnType: 'Enum', enumValues: ['cat', 'dog', "it's"] });
    expect(column('pets', 'size')).toMatchObject({ columnType: 'String' });
    expect(column('pets', 'size')).not.toHaveProperty('enumValues');
  });

  test('reads literal defaults and omits expressions', () => {
    expect(column('pets', 'note')?.defaultValue).toBe("it's");
    expect(column('pets', 'weight')?.defaultValue).toBe(-1.5);
    expect(column('pets', 'is_good')?.defaultValue).toBe(true);
    expect(column('pets', 'born_at')).not.toHaveProperty('defaultValue');
  });

  test('leaves a column without declared type unknown', () => {
    expect(column('pets', 'anything')).toMatchObject({ sqlType: '', columnType: null });
  });

  test('reads composite unique constraints and skips expression indexes', () => {
    expect(table('pets')?.uniqueConstraints).toEqual([['owner_code', 'note']]);
  });
});
