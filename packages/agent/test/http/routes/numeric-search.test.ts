import { describeWithService } from '@platform/tooling/test-services';
import request from 'supertest';
import { type SqlAgent, type SqlKind, startSqlAgent } from '../../factories/sql-agent';

// `tiny` is a 2-byte (PostgreSQL), 1-byte (MariaDB) or 64-bit (SQLite) integer; `qty` a 4-byte one.
const DDL: Record<SqlKind, string[]> = {
  postgres: [
    'create table accounts (id integer primary key, qty integer not null, tiny smallint not null, big bigint not null, amount numeric(10,2) not null, name text not null)',
  ],
  mariadb: [
    'create table accounts (id int primary key, qty int not null, tiny tinyint not null, big bigint not null, amount decimal(10,2) not null, name text not null)',
  ],
  sqlite: [
    'create table accounts (id integer primary key, qty integer not null, tiny smallint not null, big bigint not null, amount decimal(10,2) not null, name text not null)',
  ],
};
const SEED = [
  "insert into accounts values (1, 100, 7, 12345678901, 100.50, 'alpha')",
  "insert into accounts values (2, 200, 8, 5, 12.00, 'beta')",
  "insert into accounts values (3, 300, 9, 6, 7.25, 'gamma 300')",
];

function runCase(kind: SqlKind): void {
  let agent: SqlAgent;
  const search = (text: string) =>
    request(agent.baseUrl).get('/accounts').query({ search: text }).set('Authorization', agent.authorization);

  beforeAll(async () => {
    agent = await startSqlAgent(kind, [...DDL[kind], ...SEED]);
  });
  afterAll(async () => {
    await agent?.close();
  });

  test('searches a number with a fraction in decimal columns only', async () => {
    const response = await search('100.5');

    expect(response.status).toBe(200);
    expect(response.body.data.map((record: { id: number }) => record.id)).toEqual([1]);
  });

  test('searches a whole number past the 4-byte range in the 64-bit column only', async () => {
    const response = await search('12345678901');

    expect(response.status).toBe(200);
    expect(response.body.data.map((record: { id: number }) => record.id)).toEqual([1]);
  });

  test('searches a whole number in every integer column that holds it, and in text', async () => {
    const response = await search('300');

    expect(response.status).toBe(200);
    expect(response.body.data.map((record: { id: number }) => record.id)).toEqual([3]);
  });

  test('counts with a number no integer column holds without failing', async () => {
    const response = await request(agent.baseUrl)
      .get('/accounts/count')
      .query({ search: '99999999999999999999' })
      .set('Authorization', agent.authorization);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ meta: { count: 0 } });
  });
}

describeWithService('postgres', 'numeric search, PostgreSQL', () => {
  runCase('postgres');

  test('a read the database refuses says it was a read, not a write', async () => {
    const agent = await startSqlAgent('postgres', [...DDL.postgres, ...SEED]);
    try {
      const filters = JSON.stringify({ field: 'qty', operator: 'Equal', value: 12345678901 });

      const response = await request(agent.baseUrl)
        .get('/accounts')
        .query({ filters })
        .set('Authorization', agent.authorization);

      expect(response.status).toBe(422);
      expect(response.body.errors[0].name).toBe('ConstraintViolationError');
      expect(response.body.errors[0].detail).toContain("The database refused the read on 'accounts'");
      expect(response.body.errors[0].detail).not.toContain('write');
    } finally {
      await agent.close();
    }
  });
});
describeWithService('mariadb', 'numeric search, MariaDB', () => runCase('mariadb'));
describe('numeric search, SQLite', () => runCase('sqlite'));
