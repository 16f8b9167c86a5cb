import type { MongoClientLike, MongoDatabase } from '@platform/datasource-mongo';
import { createMongoDataSource } from '@platform/datasource-mongo';
import type { Db, MongoClient } from 'mongodb';

// Compile-time checks (run by `pnpm typecheck`): the driver's own classes fulfil the interfaces the
// data source calls, so the test adapter and the real driver share one set of signatures.
export const databaseOfDriver = (db: Db): MongoDatabase => db;
export const clientOfDriver = (client: MongoClient): MongoClientLike => client;

describe('the official driver', () => {
  test('is what the data source opens without an injected client: its connection error comes through', async () => {
    const factory = createMongoDataSource({
      uri: 'mongodb://127.0.0.1:1/shop',
      sampleSize: 1,
      tls: false,
      // Port 1 refuses at once; the driver's own error comes through after its server selection.
      clientOptions: { serverSelectionTimeoutMS: 300 },
    });

    await expect(factory(() => {})).rejects.toMatchObject({ name: expect.stringMatching(/^Mongo/) });
  }, 60_000);
});
