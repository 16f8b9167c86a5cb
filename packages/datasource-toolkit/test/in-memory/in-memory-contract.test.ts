import { makeLibraryDataSource, runCollectionContract } from '@platform/datasource-toolkit/testing';

describe('in-memory collections', () => {
  runCollectionContract({ makeDataSource: () => makeLibraryDataSource() });
});
