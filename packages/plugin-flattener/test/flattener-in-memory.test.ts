import { createInMemoryDataSource } from '@platform/datasource-toolkit';
import { makeCustomerDefinition, makeCustomerRecords } from './factories/customers';
import { runFlattenerSuite } from './flattener.case';

describe('flattener plugins over the in-memory data source', () => {
  runFlattenerSuite({
    makeDataSource: async () => createInMemoryDataSource(makeCustomerDefinition(), makeCustomerRecords()),
  });
});
