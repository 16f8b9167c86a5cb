import { createMariaDbDatabase, describeWithService, type TestDatabase } from '@platform/tooling/test-services';
import { sql } from 'kysely';
import { type Introspection, introspect, openConnection } from '../../../src';

describeWithService('mariadb', 'MySQL introspection (on MariaDB)', () => {
  let database: TestDatabase;
  let introspection: Introspection;
  const column = (table: string, name: string) =>
    introspection.tables.find((t) => t.name === table)?.columns.find((c) => c.name === name);

  beforeAll(async () => {
    database = await createMariaDbDatabase('sqlmytypes');
    const connection = await openConnection(database.uri);
    try {
      await sql`
        create table samples (
          id bigint unsigned auto_increment primary key,
          note varchar(20) default 'it''s',
          backslash varchar(20) default 'a\\\\b',
          negative int default -1,
          amount decimal(10, 2) default 1.50,
          flag boolean default true,
          created_at timestamp default current_timestamp(),
          nothing varchar(5) default null,
          doc json,
          plain_text longtext,
          colors set('red', 'blue'),
          bits bit(8),
          shape geometry,
          code varchar(200),
          unique key samples_code_prefix (code(10))
        )`.execute(connection.db);
      introspection = await introspect(connection.db, connection.dialect);
    } finally {
      await connection.close();
    }
  });
  afterAll(() => database.drop());

  test('reads MariaDB defaults, printed as SQL, as literal values', () => {
    expect(column('samples', 'note')?.defaultValue).toBe("it's");
    expect(column('samples', 'backslash')?.defaultValue).toBe('a\\b');
    expect(column('samples', 'negative')?.defaultValue).toBe(-1);
    expect(column('samples', 'amount')?.defaultValue).toBe(1.5);
    expect(column('samples', 'flag')?.defaultValue).toBe(true);
  });

  test('omits expression and NULL defaults', () => {
    expect(column('samples', 'created_at')).not.toHaveProperty('defaultValue');
    expect(column('samples', 'nothing')).not.toHaveProperty('defaultValue');
  });

  test('tells JSON (LONGTEXT with a json_valid check) from plain LONGTEXT', () => {
    expect(column('samples', 'doc')).toMatchObject({ sqlType: 'longtext', columnType: 'Json' });
    expect(column('samples', 'plain_text')).toMatchObject({ sqlType: 'longtext', columnType: 'String' });
  });

  test('reads an unsigned BIGINT auto-increment key', () => {
    expect(column('samples', 'id')).toMatchObject({
      sqlType: 'bigint(20) unsigned',
      numericKind: 'bigint',
      isAutoIncrement: true,
    });
  });

  test('leaves SET, BIT and spatial types unknown', () => {
    for (const name of ['colors', 'bits', 'shape']) expect(column('samples', name)?.columnType).toBeNull();
  });

  test('does not count a prefix index as a unique constraint', () => {
    expect(introspection.tables.find((t) => t.name === 'samples')?.uniqueConstraints).toEqual([]);
  });
});
