import { createMongoDataSource } from '@platform/datasource-mongo';
import { runCollectionContract } from '@platform/datasource-toolkit/testing';
import { makeLibraryDocuments, withLibraryRelations } from '../factories/library-documents';
import { MingoClient } from '../mingo/mingo-client';

const silent = () => {};

// No MongoDB server runs here: the pipelines run on mingo through the test adapter (see README).
describe('MongoDB collections through mingo', () => {
  runCollectionContract({
    makeDataSource: async () => {
      const client = new MingoClient('library', makeLibraryDocuments());
      const sampled = await createMongoDataSource('mongodb://unused/library', { client, idField: 'id' })(silent);
      const introspection = withLibraryRelations(sampled.introspection);

      return createMongoDataSource('mongodb://unused/library', { client, idField: 'id', introspection })(silent);
    },
  });
});
