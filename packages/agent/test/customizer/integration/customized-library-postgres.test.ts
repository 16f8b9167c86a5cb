import { createSqlDataSource } from '@platform/datasource-sql';
import { createPostgresDatabase, describeWithService, type TestDatabase } from '@platform/tooling/test-services';
import { Client } from 'pg';
import { LIBRARY_DDL, LIBRARY_ROWS, runCustomizedLibrarySuite } from './customized-library.case';

describeWithService('postgres', 'customized library over PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createPostgresDatabase('agent_customizer');
    const client = new Client({ connectionString: database.uri });
    await client.connect();
    try {
      for (const statement of [...LIBRARY_DDL, ...LIBRARY_ROWS]) await client.query(statement);
    } finally {
      await client.end();
    }
  });

  afterAll(async () => {
    await database?.drop();
  });

  runCustomizedLibrarySuite(() => createSqlDataSource(database.uri));
});
