import type { DataSource } from '@platform/datasource-toolkit';
import { describeAggregateContract } from './aggregate-contract';
import { describeListContract } from './list-contract';
import { describeWriteContract } from './write-contract';

/** What an implementation gives the collection contract. */
export interface CollectionContractOptions {
  /**
   * A new data source holding the library of `makeLibraryDataSource` (its collections, fields and
   * records); each test gets its own, so writes never leak into other tests.
   */
  readonly makeDataSource: () => DataSource | Promise<DataSource>;
}

/** Returns the data source of the running test, made before it and closed after it. */
export type ContractDataSource = () => DataSource;

/**
 * The behaviour every collection implementation shares, run with jest globals (`describe`,
 * `test`, `expect`). Each implementation's test file calls it and adds only its own quirks.
 *
 * @example
 * describe('in-memory collections', () => {
 *   runCollectionContract({ makeDataSource: () => makeLibraryDataSource() });
 * });
 */
export function runCollectionContract({ makeDataSource }: CollectionContractOptions): void {
  let current: DataSource | undefined;
  beforeEach(async () => {
    current = await makeDataSource();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const dataSource: ContractDataSource = () => {
    if (!current) throw new Error('The contract data source is not ready (did makeDataSource throw?).');
    return current;
  };

  describe('list', () => describeListContract(dataSource));
  describe('aggregate', () => describeAggregateContract(dataSource));
  describe('writes', () => describeWriteContract(dataSource));
}
