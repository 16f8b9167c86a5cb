import { createMongoDataSource } from '@platform/datasource-mongo';
import { runCollectionContract } from '@platform/datasource-toolkit/testing';
import { silentLogger } from '@platform/tooling/test-helpers';
import { makeLibraryDocuments, withLibraryRelations } from '../factories/library-documents';
import { MingoClient } from '../mingo/mingo-client';

// No MongoDB server runs here: the pipelines run on mingo through the test adapter (see README).
describe('MongoDB collections through mingo', () => {
  runCollectionContract({
    makeDataSource: async () => {
      const client = new MingoClient('library', makeLibraryDocuments());
      const sampled = await createMongoDataSource('mongodb://unused/library', { client, idField: 'id' })(silentLogger);
      const introspection = withLibraryRelations(sampled.introspection);

      return createMongoDataSource('mongodb://unused/library', { client, idField: 'id', introspection })(silentLogger);
    },
  });
});
