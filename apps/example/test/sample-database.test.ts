import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ensureSampleDatabase, SAMPLE_SCHEMA_VERSION } from '../src/sample-database';
import { writeFirstSample } from './factories/first-sample';

describe('ensureSampleDatabase', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'platform-example-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  const readOne = (file: string, sql: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return Object.values(db.prepare(sql).get() as Record<string, unknown>)[0];
    } finally {
      db.close();
    }
  };

  test('generates the sample when the folder has none', () => {
    const sample = ensureSampleDatabase(path.join(dataDir, 'nested'));

    expect(sample).toMatchObject({ outcome: 'created', generationMs: expect.any(Number) });
    expect(readOne(sample.file, 'SELECT COUNT(*) FROM orders')).toBe(30_000);
    expect(existsSync(`${sample.file}.${process.pid}.partial`)).toBe(false);
  });

  test('keeps a sample of the current version as it is', () => {
    const { file } = ensureSampleDatabase(dataDir);
    const db = new Database(file);
    db.prepare("UPDATE customers SET first_name = 'Augusta' WHERE id = 1").run();
    db.close();

    const again = ensureSampleDatabase(dataDir);

    expect(again).toEqual({ file, outcome: 'kept' });
    expect(readOne(file, 'SELECT first_name FROM customers WHERE id = 1')).toBe('Augusta');
  });

  test('sets a sample of the first version aside and generates the current one', () => {
    writeFirstSample(path.join(dataDir, 'example.sqlite'));

    const sample = ensureSampleDatabase(dataDir);

    const setAside = path.join(dataDir, 'example.v0.sqlite.bak');
    expect(sample).toMatchObject({ outcome: 'replaced', setAsideFile: setAside });
    expect(readOne(setAside, 'SELECT COUNT(*) FROM orders')).toBe(30);
    expect(readOne(sample.file, 'PRAGMA user_version')).toBe(SAMPLE_SCHEMA_VERSION);
    expect(readOne(sample.file, 'SELECT COUNT(*) FROM order_items')).toBe(75_249);
  });
});
