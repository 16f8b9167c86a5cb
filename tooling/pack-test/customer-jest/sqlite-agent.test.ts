import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAgent, createDevelopmentUserToken } from '@platform/agent';
import { createSqlDataSource } from '@platform/datasource-sql';
import Database from 'better-sqlite3';

test('a SQLite-backed agent answers a list', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cj-'));
  const file = path.join(dir, 'shop.sqlite');
  const db = new Database(file);
  db.exec("CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO books VALUES (1, 'Dune')");
  db.close();
  const authSecret = 'a-customer-auth-secret-of-32-characters-or-more';
  const agent = createAgent({
    authSecret,
    envSecret: 'a'.repeat(64),
    offline: true,
    port: 0,
    host: '127.0.0.1',
    schemaPath: path.join(dir, 's.json'),
    loggerLevel: 'Warn',
  }).addDataSource(createSqlDataSource(`sqlite:${file}`));
  await agent.start();
  try {
    const token = await createDevelopmentUserToken({ authSecret });
    const response = await fetch(`http://127.0.0.1:${agent.standaloneServerPort}/platform/books`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown[] }).data).toEqual([{ id: 1, title: 'Dune' }]);
  } finally {
    await agent.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
