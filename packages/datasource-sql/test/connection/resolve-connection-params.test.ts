import { resolve } from 'node:path';
import { resolveConnectionParams } from '../../src/connection/resolve-connection-params';

function issuesOf(input: unknown): { path: string; message: string }[] {
  try {
    resolveConnectionParams(input);
  } catch (error) {
    expect((error as Error).name).toBe('ValidationError');
    return (error as { issues: { path: string; message: string }[] }).issues;
  }
  throw new Error('expected a ValidationError');
}

describe('resolveConnectionParams', () => {
  describe('URIs', () => {
    test('reads every part of a postgres:// URI and applies the defaults', () => {
      expect(resolveConnectionParams('postgres://app:s%40cret@db.internal:6543/shop')).toEqual({
        dialect: 'postgres',
        requestedFlavor: 'postgres',
        host: 'db.internal',
        port: 6543,
        database: 'shop',
        username: 'app',
        password: 's@cret',
        schema: undefined,
        ssl: undefined,
        poolSize: 10,
        statementTimeoutMs: undefined,
        connectTimeoutMs: 10_000,
      });
    });

    test('accepts postgresql:// and the default port', () => {
      expect(resolveConnectionParams('postgresql://localhost/shop')).toMatchObject({ dialect: 'postgres', port: 5432 });
    });

    test('maps mysql:// and mariadb:// to the mysql dialect, remembering the flavor asked for', () => {
      expect(resolveConnectionParams('mysql://root@127.0.0.1/shop')).toMatchObject({
        dialect: 'mysql',
        requestedFlavor: 'mysql',
        port: 3306,
      });
      expect(resolveConnectionParams('mariadb://root@127.0.0.1:3307/shop')).toMatchObject({
        dialect: 'mysql',
        requestedFlavor: 'mariadb',
        port: 3307,
      });
    });

    test('reads schema, sslmode and numeric options from the query string', () => {
      expect(
        resolveConnectionParams('postgres://h/db?schema=sales&sslmode=require&poolSize=3&statementTimeoutMs=2500'),
      ).toMatchObject({ schema: 'sales', ssl: { rejectUnauthorized: false }, poolSize: 3, statementTimeoutMs: 2500 });
    });

    test('resolves a relative sqlite: path against the working directory', () => {
      expect(resolveConnectionParams('sqlite:data/shop.db')).toEqual({
        dialect: 'sqlite',
        filename: resolve('data/shop.db'),
        statementTimeoutMs: undefined,
      });
    });

    test('keeps absolute sqlite paths, sqlite:/// paths and :memory:', () => {
      expect(resolveConnectionParams('sqlite:/var/db/shop.db')).toMatchObject({ filename: '/var/db/shop.db' });
      expect(resolveConnectionParams('sqlite:///var/db/shop.db')).toMatchObject({ filename: '/var/db/shop.db' });
      expect(resolveConnectionParams('sqlite::memory:')).toMatchObject({ filename: ':memory:' });
    });

    test('lets options given next to the uri override the URI', () => {
      expect(resolveConnectionParams({ uri: 'postgres://h/db?poolSize=3', poolSize: 7, schema: 'x' })).toMatchObject({
        poolSize: 7,
        schema: 'x',
      });
    });
  });

  describe('objects', () => {
    test('applies host and port defaults to a server dialect', () => {
      expect(resolveConnectionParams({ dialect: 'mariadb', database: 'shop' })).toMatchObject({
        dialect: 'mysql',
        requestedFlavor: 'mariadb',
        host: 'localhost',
        port: 3306,
        database: 'shop',
      });
    });

    test('accepts a sqlite file with a busy timeout', () => {
      expect(resolveConnectionParams({ dialect: 'sqlite', filename: ':memory:', statementTimeoutMs: 100 })).toEqual({
        dialect: 'sqlite',
        filename: ':memory:',
        statementTimeoutMs: 100,
      });
    });
  });

  describe('bad inputs', () => {
    test.each([
      ['a number', 42, ''],
      ['null', null, ''],
      ['an array', ['postgres://h/db'], ''],
      ['an object without dialect nor uri', { host: 'h' }, 'dialect'],
      ['an unknown scheme', 'oracle://h/db', 'uri'],
      ['a string that is no URI', 'localhost:5432', 'uri'],
      ['a sqlite URI without file', 'sqlite:', 'uri'],
      ['an unknown query parameter', 'postgres://h/db?pool=3', 'uri.pool'],
      ['a non-numeric poolSize', 'postgres://h/db?poolSize=many', 'uri.poolSize'],
      ['a bad sslmode', 'postgres://h/db?sslmode=maybe', 'uri.sslmode'],
      ['a port out of range', { dialect: 'postgres', port: 70000 }, 'port'],
      ['a fractional port', { dialect: 'postgres', port: 54.32 }, 'port'],
      ['an unknown dialect', { dialect: 'oracle' }, 'dialect'],
      ['a pool of zero', { dialect: 'mysql', poolSize: 0 }, 'poolSize'],
      ['a negative statement timeout', { dialect: 'postgres', statementTimeoutMs: -1 }, 'statementTimeoutMs'],
      ['an unknown option', { dialect: 'postgres', hostname: 'h' }, 'hostname'],
      ['a sqlite dialect without filename', { dialect: 'sqlite' }, 'filename'],
      ['a sqlite dialect with a host', { dialect: 'sqlite', filename: 'a.db', host: 'h' }, 'host'],
      ['a schema on MySQL', { dialect: 'mysql', schema: 'sales' }, 'schema'],
      ['a schema on a mariadb URI', 'mariadb://h/db?schema=sales', 'schema'],
    ])('refuses %s, naming the field', (_, input, path) => {
      expect(issuesOf(input).map((issue) => issue.path)).toContain(path);
    });

    test('names every bad field at once', () => {
      const paths = issuesOf({ dialect: 'postgres', port: 0, poolSize: -2 }).map((issue) => issue.path);

      expect(paths).toEqual(expect.arrayContaining(['port', 'poolSize']));
    });

    test('never echoes the password in the message', () => {
      expect(() => resolveConnectionParams('postgres://u:hunter2@h/db?nope=1')).toThrow(
        expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
      );
    });
  });
});
