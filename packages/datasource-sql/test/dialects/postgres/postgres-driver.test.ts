import { createPostgresDatabase, describeWithService, type TestDatabase } from '@platform/tooling/test-services';
import { sql } from 'kysely';
import { openConnection, type SqlConnection } from '../../../src';

describeWithService('postgres', 'PostgreSQL driver values', () => {
  let database: TestDatabase;
  let connection: SqlConnection;
  const one = async (expression: string): Promise<unknown> => {
    const { rows } = await sql<{ v: unknown }>`select ${sql.raw(expression)} as v`.execute(connection.db);
    return rows[0]?.v;
  };

  beforeAll(async () => {
    database = await createPostgresDatabase('sqlpgvalues');
    connection = await openConnection(database.uri);
  });
  afterAll(async () => {
    await connection.close();
    await database.drop();
  });

  test('returns a safe bigint as a number and a larger one as a string', async () => {
    expect(await one('9007199254740991::bigint')).toBe(9007199254740991);
    expect(await one('9007199254740993::bigint')).toBe('9007199254740993');
    expect(await one('-42::bigint')).toBe(-42);
  });

  test('returns a numeric as a number up to 15 significant digits, else as its exact text', async () => {
    expect(await one('12.50::numeric(10,2)')).toBe(12.5);
    expect(await one("'123456789012345'::numeric")).toBe(123456789012345);
    expect(await one("'1234567890.123456'::numeric")).toBe('1234567890.123456');
    expect(await one("'NaN'::numeric")).toBe('NaN');
  });

  test('returns a date as YYYY-MM-DD text, never shifted by a time zone', async () => {
    expect(await one("'2024-03-01'::date")).toBe('2024-03-01');
  });

  test('reads a timestamp without time zone as UTC', async () => {
    expect(await one("'2024-03-01 10:30:00.123'::timestamp")).toEqual(new Date('2024-03-01T10:30:00.123Z'));
    expect(await one("'infinity'::timestamp")).toBe('infinity');
  });

  test('returns unmapped types as the server prints them', async () => {
    expect(await one("'1 day 02:00'::interval")).toBe('1 day 02:00:00');
    expect(await one("'<(1,2),3>'::circle")).toBe('<(1,2),3>');
    expect(await one("'a b'::tsvector")).toBe("'a' 'b'");
    expect(await one("'192.0.2.1'::inet")).toBe('192.0.2.1');
  });

  test("leaves pg's global parsers alone", async () => {
    const { types } = await import('pg');

    expect(types.getTypeParser(20, 'text')('12')).toBe('12');
  });

  describe("queries (run through pg's callback form under one promise)", () => {
    test("reach pg's client through its callback form, never its promise form", async () => {
      const { Client } = await import('pg');
      const query = jest.spyOn(Client.prototype, 'query');
      try {
        await one('1');
        await sql`select ${2}::int as v`.execute(connection.db);

        expect(query).toHaveBeenCalled();
        for (const call of query.mock.calls) expect(typeof call[2]).toBe('function');
      } finally {
        query.mockRestore();
      }
    });

    test('rejects a failing statement with the server error, its code and a stack leading to the caller', async () => {
      const failure = await sql`select * from no_such_table`.execute(connection.db).catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(Error);
      expect(failure).toMatchObject({ code: '42P01', message: 'relation "no_such_table" does not exist' });
      expect((failure as Error).stack).toContain('postgres-driver.test.ts');
    });

    test('answers many concurrent statements, each with its own rows', async () => {
      const values = Array.from({ length: 50 }, (_, index) => index);

      const results = await Promise.all(values.map((value) => one(`${value}::int * 2`)));

      expect(results).toEqual(values.map((value) => value * 2));
    });

    test('runs transactions on one client: a commit keeps the rows, a rollback drops them', async () => {
      await sql`create table tx_probe (id int primary key)`.execute(connection.db);
      await connection.db.transaction().execute(async (tx) => {
        await sql`insert into tx_probe values (1)`.execute(tx);
      });
      await connection.db
        .transaction()
        .execute(async (tx) => {
          await sql`insert into tx_probe values (2)`.execute(tx);
          throw new Error('abort');
        })
        .catch(() => undefined);

      const { rows } = await sql<{ id: number }>`select id from tx_probe order by id`.execute(connection.db);
      expect(rows).toEqual([{ id: 1 }]);
    });
  });
});
