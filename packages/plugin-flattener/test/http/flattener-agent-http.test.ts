import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Agent, createAgent, createDevelopmentUserToken } from '@platform/agent';
import { createSqlDataSource } from '@platform/datasource-sql';
import { silentLogger } from '@platform/tooling/test-helpers';
import { createPostgresDatabase, describeWithService, type TestDatabase } from '@platform/tooling/test-services';
import express from 'express';
import { Client } from 'pg';
import request from 'supertest';
import ts from 'typescript';
import { flattenColumn, flattenJsonColumn, flattenRelation } from '../../src';

const AUTH_SECRET = 'flattener-test-auth-secret-of-32-characters';
const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

const SETUP = [
  'create table stores (id integer primary key, name text)',
  'create table customers (id integer primary key, "storeId" integer references stores (id), address jsonb, profile jsonb)',
  `insert into stores values (1, 'North'), (2, 'South')`,
  `insert into customers values
    (1, 1, '{"city": "Paris", "zip": "75001"}', '{"plan": "pro", "seats": 5}'),
    (2, 2, '{"city": "Lyon", "zip": "69001"}', '{"plan": "free", "seats": 1}')`,
];

describeWithService('postgres', 'flattener plugins through a real agent over HTTP', () => {
  let database: TestDatabase;
  let workDir: string;
  let agent: Agent;
  let server: http.Server;
  let authorization: string;

  beforeAll(async () => {
    database = await createPostgresDatabase('plugin_flattener_http');
    const client = new Client({ connectionString: database.uri });
    await client.connect();
    try {
      for (const statement of SETUP) await client.query(statement);
    } finally {
      await client.end();
    }
    workDir = await mkdtemp(path.join(tmpdir(), 'flattener-http-'));
    agent = createAgent({
      authSecret: AUTH_SECRET,
      envSecret: 'b'.repeat(64),
      isProduction: false,
      offline: true,
      schemaPath: path.join(workDir, '.platform-schema.json'),
      typingsPath: path.join(workDir, 'typings.ts'),
      logger: silentLogger,
    })
      .addDataSource(createSqlDataSource(database.uri))
      .customizeCollection('customers', (customers) =>
        customers
          .use(flattenColumn, { columnName: 'address', columnType: { city: 'String', zip: 'String' } })
          .use(flattenJsonColumn, {
            columnName: 'profile',
            columnType: { plan: 'String', seats: 'Number' },
            readonly: true,
          })
          .use(flattenRelation, { relationName: 'store', include: ['name'] }),
      );
    const app = express();
    agent.mountOnExpress(app);
    await agent.start();
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    authorization = `Bearer ${await createDevelopmentUserToken({ authSecret: AUTH_SECRET })}`;
  }, 60_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await agent?.stop();
    await database?.drop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  const get = (url: string) => request(server).get(`/platform${url}`).set('Authorization', authorization);
  const put = (url: string, body: object) =>
    request(server).put(`/platform${url}`).set('Authorization', authorization).send(body);

  test('lists, filters and sorts flattened fields', async () => {
    const filters = json({ field: 'profile@@@seats', operator: 'GreaterThan', value: 0 });

    const response = await get(
      `/customers?fields[customers]=id,address@@@city,profile@@@plan,store@@@name&filters=${filters}&sort=-address@@@city`,
    );

    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      { id: 1, 'address@@@city': 'Paris', 'profile@@@plan': 'pro', 'store@@@name': 'North' },
      { id: 2, 'address@@@city': 'Lyon', 'profile@@@plan': 'free', 'store@@@name': 'South' },
    ]);
  });

  test('updates one key of a nested value, keeping the others', async () => {
    const response = await put('/customers/2', { data: { 'address@@@city': 'Grenoble' } });

    expect(response.status).toBe(200);
    const client = new Client({ connectionString: database.uri });
    await client.connect();
    const { rows } = await client.query('select address from customers where id = 2');
    await client.end();
    expect(rows[0].address).toEqual({ city: 'Grenoble', zip: '69001' });
  });

  test('refuses a write to a read-only flattened field with a 400', async () => {
    const response = await put('/customers/1', { data: { 'profile@@@plan': 'free' } });

    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      name: 'ValidationError',
      detail: expect.stringContaining("'customers.profile@@@plan' is read-only"),
    });
  });

  test('writes the flattened fields to the schema file and valid typings', async () => {
    const schema = JSON.parse(await readFile(path.join(workDir, '.platform-schema.json'), 'utf8'));
    const customers = schema.collections.find((collection: { name: string }) => collection.name === 'customers');
    const names = customers.fields.map((field: { name: string }) => field.name);
    expect(names).toEqual(expect.arrayContaining(['address@@@city', 'profile@@@seats', 'store@@@name']));
    expect(names).not.toContain('profile');

    const typings = await readFile(path.join(workDir, 'typings.ts'), 'utf8');
    const source = ts.createSourceFile('typings.ts', typings, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    const diagnostics = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;

    expect(typings).toContain("'address@@@city': string");
    expect(diagnostics).toEqual([]);
  });
});
