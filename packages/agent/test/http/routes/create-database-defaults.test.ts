import { readFile } from 'node:fs/promises';
import { describeWithService } from '@platform/tooling/test-services';
import request from 'supertest';
import { type SqlAgent, type SqlKind, startSqlAgent } from '../../factories/sql-agent';

// `events`: a key and a timestamp the database computes, and a generated column. `tickets`: a
// key the database numbers, by a means datasource-sql does (identity, AUTO_INCREMENT, rowid) or
// does not (a function) recognise as auto-increment.
const DDL: Record<SqlKind, string[]> = {
  postgres: [
    'create sequence ticket_numbers',
    "create function next_ticket() returns integer language sql as $$ select nextval('ticket_numbers')::integer $$",
    `create table events (
      id uuid primary key default gen_random_uuid(),
      body text not null,
      created_at timestamptz not null default now(),
      body_length integer generated always as (length(body)) stored)`,
    'create table tickets (id integer primary key default next_ticket(), body text not null)',
    'create table counters (id integer generated always as identity primary key, body text not null)',
  ],
  mariadb: [
    `create table events (
      id uuid primary key default uuid(),
      body varchar(200) not null,
      created_at timestamp not null default current_timestamp,
      body_length int as (char_length(body)) persistent)`,
    'create table tickets (id int primary key default (floor(rand() * 1000000000)), body text not null)',
    'create table counters (id int auto_increment primary key, body text not null)',
  ],
  sqlite: [
    `create table events (
      id text primary key not null default (lower(hex(randomblob(16)))),
      body text not null,
      created_at text not null default current_timestamp,
      body_length integer generated always as (length(body)) stored)`,
    'create table tickets (id int primary key not null default (abs(random()) % 1000000000), body text not null)',
    'create table counters (id integer primary key autoincrement, body text not null)',
  ],
};

function runCase(kind: SqlKind): void {
  let agent: SqlAgent;
  const count = async (table: string) =>
    Number((await agent.query<{ count: unknown }>(`select count(*) as count from ${table}`))[0]?.count);

  beforeAll(async () => {
    agent = await startSqlAgent(kind, DDL[kind]);
  });
  afterAll(async () => {
    await agent?.close();
  });

  test('creates a record whose key, timestamp and generated column the database fills', async () => {
    const response = await request(agent.baseUrl)
      .post('/events')
      .set('Authorization', agent.authorization)
      .send({ data: { body: 'hello' } });

    expect(response.status).toBe(201);
    const rows = await agent.query<{ id: unknown; body: string; created_at: unknown; body_length: unknown }>(
      'select id, body, created_at, body_length from events',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.body).toBe('hello');
    expect(String(rows[0]?.id)).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(rows[0]?.created_at).not.toBeNull();
    expect(Number(rows[0]?.body_length)).toBe(5);
    expect(response.body.data).toMatchObject({ id: String(rows[0]?.id), body: 'hello', body_length: 5 });
    expect(response.body.data.created_at).toEqual(expect.any(String));
  });

  test('creates records whose key the database numbers, recognised as auto-increment or not', async () => {
    for (const table of ['tickets', 'counters']) {
      const response = await request(agent.baseUrl)
        .post(`/${table}`)
        .set('Authorization', agent.authorization)
        .send({ data: { body: 'x' } });

      expect({ table, status: response.status }).toEqual({ table, status: 201 });
      const rows = await agent.query<{ id: unknown }>(`select id from ${table}`);
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]?.id)).toEqual(expect.any(Number));
      expect(response.body.data).toEqual({ id: Number(rows[0]?.id), body: 'x' });
    }
  });

  test('publishes which columns the database fills in the schema file', async () => {
    const schema = JSON.parse(await readFile(agent.schemaPath, 'utf8')) as {
      collections: { name: string; fields: { name: string; hasDatabaseDefault?: boolean }[] }[];
    };
    const fields = schema.collections.find((collection) => collection.name === 'events')?.fields ?? [];
    const flag = (name: string) => fields.find((field) => field.name === name)?.hasDatabaseDefault;

    expect(fields.length).toBeGreaterThan(0);
    expect(flag('created_at')).toBe(true);
    expect(flag('id')).toBe(true);
    expect(flag('body')).toBe(false);
  });

  test('still requires a non-null column without default, and writes nothing', async () => {
    const before = await count('events');

    const response = await request(agent.baseUrl)
      .post('/events')
      .set('Authorization', agent.authorization)
      .send({ data: {} });

    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ name: 'ValidationError' });
    expect(response.body.errors[0].detail).toMatch(/Missing required field\(s\) of 'events': body\./);
    expect(await count('events')).toBe(before);
  });

  test('refuses to write a generated column, and writes nothing', async () => {
    const before = await count('events');

    const response = await request(agent.baseUrl)
      .post('/events')
      .set('Authorization', agent.authorization)
      .send({ data: { body: 'x', body_length: 3 } });

    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ name: 'ValidationError' });
    expect(response.body.errors[0].detail).toContain('body_length');
    expect(await count('events')).toBe(before);
  });
}

describeWithService('postgres', 'creates relying on database defaults, PostgreSQL', () => runCase('postgres'));
describeWithService('mariadb', 'creates relying on database defaults, MariaDB', () => runCase('mariadb'));
describe('creates relying on database defaults, SQLite', () => runCase('sqlite'));
