import { loadDriver } from '../../src/connection/load-driver';

function moduleNotFound(name: string): Error {
  return Object.assign(new Error(`Cannot find module '${name}'\nRequire stack:\n- /app/index.js`), {
    code: 'MODULE_NOT_FOUND',
  });
}

async function rejectionOf(promise: Promise<unknown>): Promise<Error & { details?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('loadDriver', () => {
  test('returns the driver module, unwrapped from its CommonJS default', async () => {
    const pg = { Pool: class {} };

    await expect(loadDriver('pg', async () => ({ default: pg }))).resolves.toBe(pg);
  });

  test('loads the real drivers installed as dev dependencies', async () => {
    const [pg, mysql2, sqlite] = await Promise.all([
      loadDriver('pg'),
      loadDriver('mysql2'),
      loadDriver('better-sqlite3'),
    ]);

    expect(typeof pg.Pool).toBe('function');
    expect(typeof mysql2.createPool).toBe('function');
    expect(typeof sqlite).toBe('function');
  });

  test.each([
    ['pg', 'PostgreSQL'],
    ['mysql2', 'MySQL/MariaDB'],
    ['better-sqlite3', 'SQLite'],
  ] as const)('tells which package to install when %s is missing', async (name, label) => {
    const error = await rejectionOf(loadDriver(name, () => Promise.reject(moduleNotFound(name))));

    expect(error.name).toBe('MissingDriverError');
    expect(error.message).toContain(`The ${label} driver is not installed`);
    expect(error.message).toContain(`npm install ${name}`);
    expect(error.details).toEqual({ package: name });
  });

  test('understands the ESM flavour of a missing package', async () => {
    const esmError = Object.assign(new Error("Cannot find package 'pg' imported from /app/index.mjs"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });

    const error = await rejectionOf(loadDriver('pg', () => Promise.reject(esmError)));

    expect(error.name).toBe('MissingDriverError');
  });

  test('rethrows a driver that is installed but broken, untouched', async () => {
    const broken = moduleNotFound('pg-native');

    await expect(loadDriver('pg', () => Promise.reject(broken))).rejects.toBe(broken);
  });

  test('rethrows other load failures untouched', async () => {
    const failure = new Error('could not load native binding');

    await expect(loadDriver('better-sqlite3', () => Promise.reject(failure))).rejects.toBe(failure);
  });
});

describe('openConnection without the driver installed', () => {
  afterEach(() => {
    jest.resetModules();
    jest.dontMock('pg');
  });

  test('rejects with a MissingDriverError naming the package', async () => {
    jest.resetModules();
    jest.doMock('pg', () => {
      throw moduleNotFound('pg');
    });
    const { openConnection } = await import('../../src');

    const error = await rejectionOf(openConnection('postgres://localhost/db'));

    expect(error.name).toBe('MissingDriverError');
    expect(error.message).toContain('npm install pg');
  });
});
