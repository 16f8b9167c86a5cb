import { createSqlDataSource } from '@platform/datasource-sql';
import type { DataSource } from '@platform/datasource-toolkit';
import { silentLogger } from '@platform/tooling/test-helpers';
import { createPostgresDatabase, describeWithService, type TestDatabase } from '@platform/tooling/test-services';
import { Client } from 'pg';
import { ADDRESS_TYPE, makeCustomerRecords } from './factories/customers';
import { runFlattenerSuite } from './flattener.case';

const DDL = [
  'create table stores (id integer primary key, name text, city text)',
  `create table customers (
    id integer primary key,
    name text,
    "storeId" integer references stores (id),
    address jsonb,
    profile jsonb
  )`,
];

/** `makeCustomerRecords()` as rows, after emptying both tables. */
async function reseed(uri: string): Promise<void> {
  const client = new Client({ connectionString: uri });
  await client.connect();
  try {
    const { stores = [], customers = [] } = makeCustomerRecords();
    await client.query('truncate customers, stores');
    for (const store of stores) {
      await client.query('insert into stores values ($1, $2, $3)', [store.id, store.name, store.city]);
    }
    for (const customer of customers) {
      await client.query('insert into customers values ($1, $2, $3, $4, $5)', [
        customer.id,
        customer.name,
        customer.storeId,
        JSON.stringify(customer.address),
        JSON.stringify(customer.profile),
      ]);
    }
  } finally {
    await client.end();
  }
}

describeWithService('postgres', 'flattener plugins over PostgreSQL JSONB columns', () => {
  let database: TestDatabase;
  const opened: DataSource[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase('plugin_flattener');
    const client = new Client({ connectionString: database.uri });
    await client.connect();
    try {
      for (const statement of DDL) await client.query(statement);
    } finally {
      await client.end();
    }
  });

  afterEach(async () => {
    for (const dataSource of opened.splice(0)) await (dataSource as DataSource & { close(): Promise<void> }).close();
  });

  afterAll(async () => {
    await database?.drop();
  });

  runFlattenerSuite({
    addressColumnType: ADDRESS_TYPE,
    makeDataSource: async () => {
      await reseed(database.uri);
      const dataSource = await createSqlDataSource(database.uri)(silentLogger);
      opened.push(dataSource);

      return dataSource;
    },
  });
});
