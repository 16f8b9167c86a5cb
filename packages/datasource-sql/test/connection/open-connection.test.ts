import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createMariaDbDatabase,
  createPostgresDatabase,
  describeWithService,
  type TestDatabase,
} from '@platform/tooling/test-services';
import { sql } from 'kysely';
import { openConnection, type SqlConnection } from '../../src';

async function rejectionOf(promise: Promise<unknown>): Promise<Error & { details?: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('openConnection', () => {
  describe('bad parameters', () => {
    test('rejects malformed parameters with a ValidationError before connecting', async () => {
      const error = await rejectionOf(openConnection({ dialect: 'postgres', port: -1 }));

      expect(error.name).toBe('ValidationError');
      expect(error.message).toContain('port');
    });

    test('rejects an unsupported URI scheme with a ValidationError', async () => {
      const error = await rejectionOf(openConnection('mongodb://localhost/db'));

      expect(error.name).toBe('ValidationError');
      expect(error.message).toContain('postgres://');
    });
  });

  describe('SQLite', () => {
    let directory: string;
    beforeAll(async () => {
      directory = await mkdtemp(join(tmpdir(), 'open-connection-'));
    });
    afterAll(() => rm(directory, { recursive: true, force: true }));

    test('opens an in-memory database', async () => {
      const connection = await openConnection('sqlite::memory:');

      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(connection.db);
      await connection.close();

      expect(rows).toEqual([{ one: 1 }]);
      expect(connection).toMatchObject({ dialect: 'sqlite', flavor: 'sqlite', schema: undefined });
      expect(connection.serverVersion).toMatch(/^3\./);
    });

    test('opens an existing file with foreign keys enforced', async () => {
      const filename = join(directory, 'existing.db');
      const Database = (await import('better-sqlite3')).default;
      new Database(filename).close();

      const connection = await openConnection(`sqlite:${filename}`);
      const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(connection.db);
      await connection.close();

      expect(rows).toEqual([{ foreign_keys: 1 }]);
    });

    test('refuses a file that does not exist instead of creating an empty database', async () => {
      const error = await rejectionOf(openConnection({ dialect: 'sqlite', filename: join(directory, 'typo.db') }));

      expect(error.name).toBe('DatabaseConnectionError');
      expect(error.message).toContain('typo.db');
    });

    test('closes more than once without error', async () => {
      const connection = await openConnection('sqlite::memory:');

      await connection.close();

      await expect(connection.close()).resolves.toBeUndefined();
    });
  });

  describe('unreachable servers', () => {
    let silentServer: Server;
    let silentPort: number;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      // Accepts connections and never answers: only a connect timeout gets out of it.
      silentServer = createServer((socket) => sockets.push(socket));
      await new Promise<void>((done) => silentServer.listen(0, '127.0.0.1', done));
      silentPort = (silentServer.address() as AddressInfo).port;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => silentServer.close(done));
    });

    test.each(['postgres', 'mysql'] as const)(
      'gives up on a silent %s server after connectTimeoutMs',
      async (dialect) => {
        const startedAt = Date.now();

        const error = await rejectionOf(
          openConnection({ dialect, host: '127.0.0.1', port: silentPort, connectTimeoutMs: 300 }),
        );

        expect(error.name).toBe('DatabaseUnavailableError');
        expect(error.message).toMatch(/did not answer in time/);
        expect(Date.now() - startedAt).toBeLessThan(5000);
      },
    );

    test.each(['postgres', 'mariadb'] as const)('says the host is unknown (%s)', async (dialect) => {
      const error = await rejectionOf(
        openConnection({ dialect, host: 'no-such-host.invalid', connectTimeoutMs: 3000 }),
      );

      expect(error.name).toBe('DatabaseConnectionError');
      expect(error.message).toMatch(/could not be resolved: check the host/);
    });

    test('says when nothing listens on the port', async () => {
      const closed = createServer();
      await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
      const { port } = closed.address() as AddressInfo;
      await new Promise((done) => closed.close(done));

      const error = await rejectionOf(openConnection(`postgres://u@127.0.0.1:${port}/db`));

      expect(error.name).toBe('DatabaseUnavailableError');
      expect(error.message).toContain(`127.0.0.1:${port}`);
      expect(error.message).toMatch(/nothing accepts connections/);
    });
  });
});

describeWithService('postgres', 'openConnection on PostgreSQL', () => {
  let database: TestDatabase;
  const open = (extra: Record<string, unknown> = {}): Promise<SqlConnection> =>
    openConnection({
      dialect: 'postgres',
      host: database.host,
      port: database.port,
      database: database.name,
      username: database.user,
      ...extra,
    });

  beforeAll(async () => {
    database = await createPostgresDatabase('sqlconn');
    const setup = await open();
    await sql`create schema "sales team"`.execute(setup.db);
    await sql`create table "sales team".orders (id serial primary key, total int)`.execute(setup.db);
    await sql`insert into "sales team".orders (total) values (42)`.execute(setup.db);
    await setup.close();
  });
  afterAll(() => database.drop());

  test('connects with a URI and reports the server', async () => {
    const connection = await openConnection(database.uri);
    await connection.close();

    expect(connection).toMatchObject({ dialect: 'postgres', flavor: 'postgres', schema: 'public' });
    expect(connection.serverVersion).toMatch(/^\d+\.\d+/);
  });

  test('makes the tables of a non-public schema selectable by their bare name', async () => {
    const connection = await open({ schema: 'sales team' });

    const rows = await connection.db.selectFrom('orders').select('total').execute();
    const { rows: raw } = await sql<{ total: number }>`select total from orders`.execute(connection.db);
    await connection.close();

    expect(rows).toEqual([{ total: 42 }]);
    expect(raw).toEqual([{ total: 42 }]);
    expect(connection.schema).toBe('sales team');
  });

  test('refuses a schema that does not exist, listing those that do', async () => {
    const error = await rejectionOf(open({ schema: 'nope' }));

    expect(error.name).toBe('DatabaseConnectionError');
    expect(error.message).toContain('"nope" does not exist');
    expect(error.message).toContain('sales team');
  });

  test('applies the statement timeout to every statement', async () => {
    const connection = await open({ statementTimeoutMs: 150 });

    const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(connection.db);
    const error = await rejectionOf(sql`select pg_sleep(2)`.execute(connection.db));
    await connection.close();

    expect(rows).toEqual([{ statement_timeout: '150ms' }]);
    expect(error.message).toMatch(/statement timeout/);
  });

  test('says which database is missing', async () => {
    const error = await rejectionOf(open({ database: 'no_such_database' }));

    expect(error.name).toBe('DatabaseConnectionError');
    expect(error.message).toContain('database "no_such_database" does not exist');
    expect(error.details).toEqual({ code: '3D000' });
  });

  test('says when the user is refused', async () => {
    const error = await rejectionOf(open({ username: 'no_such_user', password: 'wrong' }));

    expect(error.name).toBe('DatabaseConnectionError');
    expect(error.message).toContain('"no_such_user"');
    expect(error.message).not.toContain('wrong');
  });
});

describeWithService('mariadb', 'openConnection on MariaDB', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createMariaDbDatabase('sqlconn');
  });
  afterAll(() => database.drop());

  test('detects MariaDB behind a mysql:// URI', async () => {
    const connection = await openConnection(database.uri);
    await connection.close();

    expect(connection).toMatchObject({ dialect: 'mysql', flavor: 'mariadb', schema: undefined });
    expect(connection.serverVersion).toMatch(/MariaDB/);
  });

  test('sets max_statement_time in seconds on MariaDB', async () => {
    const connection = await openConnection({ uri: database.uri, statementTimeoutMs: 300 });

    const { rows } = await sql<{ limit: number }>`select @@max_statement_time as ${sql.id('limit')}`.execute(
      connection.db,
    );
    const error = await rejectionOf(sql`select sleep(2)`.execute(connection.db));
    await connection.close();

    expect(rows).toEqual([{ limit: 0.3 }]);
    expect(error.message).toMatch(/max_statement_time/);
  });

  test('says when the password is wrong, without echoing it', async () => {
    const error = await rejectionOf(
      openConnection({
        dialect: 'mariadb',
        host: database.host,
        port: database.port,
        username: 'root',
        password: 'hunter2',
      }),
    );

    expect(error.name).toBe('DatabaseConnectionError');
    expect(error.message).toMatch(/access denied for user "root": check username and password/);
    expect(error.message).not.toContain('hunter2');
  });

  test('says which database is missing', async () => {
    const error = await rejectionOf(openConnection(`mariadb://root@${database.host}:${database.port}/no_such_db`));

    expect(error.name).toBe('DatabaseConnectionError');
    expect(error.message).toContain('database "no_such_db" does not exist');
  });
});
