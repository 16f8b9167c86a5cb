import { createMariaDbDatabase, describeWithService, type TestDatabase } from '@platform/tooling/test-services';
import { sql } from 'kysely';
import { openConnection, type SqlConnection } from '../../../src';

describeWithService('mariadb', 'MySQL driver values (on MariaDB)', () => {
  let database: TestDatabase;
  let connection: SqlConnection;
  const column = async (table: string, name: string): Promise<unknown[]> => {
    const rows = await connection.db.selectFrom(table).select(name).orderBy('id').execute();
    return rows.map((row) => row[name]);
  };

  beforeAll(async () => {
    database = await createMariaDbDatabase('sqlmyvalues');
    connection = await openConnection(database.uri);
    await sql`
      create table samples (
        id int auto_increment primary key,
        flag boolean, tiny tinyint, big bigint, amount decimal(30, 6),
        day date, moment datetime(3), doc json
      )`.execute(connection.db);
    await sql`
      insert into samples (flag, tiny, big, amount, day, moment, doc) values
        (true, 5, 9007199254740991, 12.5, '2024-03-01', '2024-03-01 10:30:00.123', '{"a": [1, 2]}'),
        (false, -1, 9007199254740993, 123456789012.123456, '1999-12-31', '1999-12-31 23:59:59', null)`.execute(
      connection.db,
    );
  });
  afterAll(async () => {
    await connection.close();
    await database.drop();
  });

  test('returns TINYINT(1) as booleans and other TINYINTs as numbers', async () => {
    expect(await column('samples', 'flag')).toEqual([true, false]);
    expect(await column('samples', 'tiny')).toEqual([5, -1]);
  });

  test('returns a safe BIGINT as a number and a larger one as a string', async () => {
    expect(await column('samples', 'big')).toEqual([9007199254740991, '9007199254740993']);
  });

  test('returns a DECIMAL as a number up to 15 significant digits, else as its exact text', async () => {
    expect(await column('samples', 'amount')).toEqual([12.5, '123456789012.123456']);
  });

  test('returns DATE as text and DATETIME as a UTC Date', async () => {
    expect(await column('samples', 'day')).toEqual(['2024-03-01', '1999-12-31']);
    expect(await column('samples', 'moment')).toEqual([
      new Date('2024-03-01T10:30:00.123Z'),
      new Date('1999-12-31T23:59:59.000Z'),
    ]);
  });

  test("parses MariaDB's JSON (LONGTEXT) documents", async () => {
    expect(await column('samples', 'doc')).toEqual([{ a: [1, 2] }, null]);
  });
});
