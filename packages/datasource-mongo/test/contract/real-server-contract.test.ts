import { randomUUID } from 'node:crypto';
import { createMongoDataSource } from '@platform/datasource-mongo';
import { runCollectionContract } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import { MongoClient } from 'mongodb';
import { makeLibraryDocuments, withLibraryRelations } from '../factories/library-documents';

const url = process.env.MONGODB_URL;
// The same contract as mingo-contract.test.ts, on a real server. No server can be installed on the
// project's machines, so it runs only where MONGODB_URL points at one (any database name in it is
// ignored: each test seeds and drops its own database).
(url ? describe : describe.skip)('MongoDB collections on a real server (MONGODB_URL)', () => {
  let admin: MongoClient;
  const databases: string[] = [];
  beforeAll(async () => {
    admin = await new MongoClient(url ?? '').connect();
  });
  afterAll(async () => {
    for (const name of databases) await admin.db(name).dropDatabase();
    await admin.close();
  });

  runCollectionContract({
    makeDataSource: async () => {
      const database = `contract_${randomUUID().slice(0, 8)}`;
      databases.push(database);
      for (const [name, documents] of Object.entries(makeLibraryDocuments())) {
        await admin.db(database).collection(name).insertMany(documents);
      }
      const params = { uri: url ?? '', database };
      const sampled = await createMongoDataSource(params, { idField: 'id' })(silentLogger);
      await sampled.close();

      return createMongoDataSource(params, {
        idField: 'id',
        introspection: withLibraryRelations(sampled.introspection),
      })(silentLogger);
    },
  });
});
