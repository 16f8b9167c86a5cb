import { createPostgresDatabase, describeWithService, type TestDatabase } from '@platform/tooling/test-services';
import { sql } from 'kysely';
import { Client } from 'pg';
import { openConnection, type SqlConnection } from '../../src/connection';

describeWithService('postgres', 'a PostgreSQL connection lost during a query', () => {
  let database: TestDatabase;
  let connection: SqlConnection;
  const warnings: string[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase('lost_conn');
    connection = await openConnection(database.uri, (level, message) => {
      if (level === 'Warn') warnings.push(message);
    });
  });

  afterAll(async () => {
    await connection.close();
    await database.drop();
  });

  test('a checked-out connection killed between two queries fails the next query without crashing the process', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    const admin = new Client({ connectionString: database.uri.replace(`/${database.name}`, '/postgres') });
    await admin.connect();

    try {
      const outcome = connection.db.connection().execute(async (held) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(held);
        await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        // The server closes the socket while the client is checked out but idle: pg emits 'error'
        // on the client itself, which crashes the process when nobody listens.
        await new Promise((resolve) => setTimeout(resolve, 300));
        return sql`select 1`.execute(held);
      });

      await expect(outcome).rejects.toThrow();
    } finally {
      await admin.end();
      process.off('uncaughtException', onUncaught);
    }

    expect(uncaught).toEqual([]);
    expect(warnings.some((message) => message.includes('PostgreSQL connection lost'))).toBe(true);
  });

  test('still answers later queries on a fresh pooled connection', async () => {
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(connection.db);

    expect(rows).toEqual([{ one: 1 }]);
  });
});
